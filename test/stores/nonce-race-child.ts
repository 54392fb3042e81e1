/**
 * One process of the nonce race: `node --import tsx test/stores/nonce-race-child.ts '<NonceRaceRequest JSON>'`.
 * It waits at the barrier, then claims nonces n0…n(count-1) in the shared NonceStore and says
 * which claims it won.
 */
import { openDatabase, storesIn, type SqlSpec } from "../../durable/index.js";
import { FIXTURE_SECRET } from "../../handwritten/fixtures/environment.js";
import { say, waitAtBarrier, type BarrierRequest } from "./race-barrier.js";

export type NonceRaceRequest = BarrierRequest & {
  readonly store: SqlSpec;
  readonly scope: string;
  readonly worker: string;
  readonly count: number;
};

export type NonceRaceLine = { readonly type: "ready" } | { readonly type: "won"; readonly nonces: readonly string[] };

const request = JSON.parse(process.argv[2] ?? "null") as NonceRaceRequest;

const db = openDatabase(request.store);
if (!db.ok) throw db.error;
const nonces = storesIn(db.value, request.scope, FIXTURE_SECRET).nonces;
waitAtBarrier(request);
const won: string[] = [];
for (let i = 0; i < request.count; i += 1) {
  const nonce = `n${i}`;
  if (nonces.claim(nonce, request.worker, Date.now())) won.push(nonce);
}
say<NonceRaceLine>({ type: "won", nonces: won });
db.value.close();
