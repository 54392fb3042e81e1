/**
 * One process of the nonce race: `node --import tsx test/stores/nonce-race-child.ts '<NonceRaceRequest JSON>'`.
 * It waits at the barrier, then claims nonces n0…n(count-1) in the shared NonceStore and says
 * which claims it won.
 */
import { existsSync, writeSync } from "node:fs";
import { join } from "node:path";
import { openDatabase, storesIn, type SqlSpec } from "../../durable/index.js";
import { LINE_PREFIX } from "../crash/protocol.js";

export type NonceRaceRequest = {
  readonly store: SqlSpec;
  readonly scope: string;
  readonly worker: string;
  readonly count: number;
  readonly barrier: string;
};

export type NonceRaceLine = { readonly type: "ready" } | { readonly type: "won"; readonly nonces: readonly string[] };

const say = (line: NonceRaceLine) => void writeSync(1, `${LINE_PREFIX}${JSON.stringify(line)}\n`);
const request = JSON.parse(process.argv[2] ?? "null") as NonceRaceRequest;
const cell = new Int32Array(new SharedArrayBuffer(4));

const db = openDatabase(request.store);
if (!db.ok) throw db.error;
const nonces = storesIn(db.value, request.scope).nonces;
say({ type: "ready" });
const deadline = Date.now() + 60_000;
while (!existsSync(join(request.barrier, "go"))) {
  if (Date.now() > deadline) process.exit(70);
  Atomics.wait(cell, 0, 0, 1);
}
const won: string[] = [];
for (let i = 0; i < request.count; i += 1) {
  const nonce = `n${i}`;
  if (nonces.claim(nonce, request.worker, Date.now())) won.push(nonce);
}
say({ type: "won", nonces: won });
db.value.close();
