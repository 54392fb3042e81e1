/**
 * A child process that works the file ledger directly: `node ledger-child.js '<request JSON>'`.
 * - `race`: waits for the barrier, then begins keys k0…k(n-1) as its own owner and reports the keys it won.
 * - `hold`: takes a key's lock and dies holding it (the parent kills it at the marker).
 */
import { existsSync, writeSync } from "node:fs";
import { join } from "node:path";
import { createFileLedger, withLockSync } from "../../durable/index.js";
import { fileNameOf } from "../../durable/files.js";
import { LINE_PREFIX } from "./protocol.js";

export type LedgerChildRequest =
  | {
      readonly mode: "race";
      readonly dir: string;
      readonly owner: string;
      readonly keys: number;
      readonly barrier: string;
    }
  | { readonly mode: "hold"; readonly dir: string; readonly key: string };

export type LedgerChildLine =
  | { readonly type: "ready" }
  | { readonly type: "won"; readonly keys: readonly number[]; readonly conflicts: number }
  | { readonly type: "kill_point" };

const say = (line: LedgerChildLine) => void writeSync(1, `${LINE_PREFIX}${JSON.stringify(line)}\n`);
const cell = new Int32Array(new SharedArrayBuffer(4));
const request = JSON.parse(process.argv[2] ?? "null") as LedgerChildRequest;
const ledger = createFileLedger(request.dir);

if (request.mode === "hold") {
  withLockSync(join(request.dir, `${fileNameOf(request.key)}.lock`), () => {
    say({ type: "kill_point" });
    // The parent kills it here; an orphan gives up after a minute.
    Atomics.wait(cell, 0, 0, 60_000);
    process.exit(70);
  });
} else {
  say({ type: "ready" });
  const deadline = Date.now() + 60_000;
  while (!existsSync(join(request.barrier, "go"))) {
    if (Date.now() > deadline) process.exit(70);
    Atomics.wait(cell, 0, 0, 1);
  }
  const won: number[] = [];
  let conflicts = 0;
  for (let i = 0; i < request.keys; i += 1) {
    const decision = ledger.begin({
      key: `k${i}`,
      tool: "save_artifact",
      args_digest: "same-args",
      owner: request.owner,
      at: 0,
    });
    if (decision.kind === "execute") won.push(i);
    else if (decision.kind === "conflict") conflicts += 1;
    else throw new Error(`begin of k${i} answered ${decision.kind}`);
  }
  say({ type: "won", keys: won, conflicts });
}
