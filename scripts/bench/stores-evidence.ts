/**
 * The stores' benchmark evidence (evidence/bench-stores-v1.json): measured by scripts/bench/stores.ts,
 * written by `npm run bench` after the engine benchmarks and by `npm run bench:stores` alone.
 */
import { loadavg } from "node:os";
import { writeFilesAtomically, type OutputError } from "../../cli/index.js";
import { err, ok, type Result } from "../../contract/index.js";
import { machineInfo } from "./machine.js";
import { measureStores, type StoresBenchOptions } from "./stores.js";

export const STORES_BENCH_SCHEMA = "agent-harness.bench-stores.v1";

const FULL: Omit<StoresBenchOptions, "postgresUrl"> = { samples: 7, pairs: 500, passes: 2 };
const QUICK: Omit<StoresBenchOptions, "postgresUrl"> = { samples: 2, pairs: 100, passes: 1 };

export type StoresBenchRun = { readonly quick: boolean; readonly output: string; readonly command: string };

/** Measures the stores and writes their evidence; `npm run bench` and `npm run bench:stores` both run this. */
export async function writeStoresBench(
  run: StoresBenchRun,
  log: (line: string) => void,
): Promise<Result<void, OutputError>> {
  const settings = run.quick ? QUICK : FULL;
  const load_before = loadavg()[0] ?? 0;
  const stores = await measureStores({ ...settings, postgresUrl: process.env["AGENT_HARNESS_PG_URL"] || undefined });
  const report = {
    schema: STORES_BENCH_SCHEMA,
    command: run.command,
    settings,
    machine: machineInfo(false),
    load_average: { before: load_before, after: loadavg()[0] ?? 0 },
    ...stores,
  };
  const written = writeFilesAtomically([{ path: run.output, text: `${JSON.stringify(report, null, 2)}\n` }]);
  if (!written.ok) return err({ ...written.error, message: `cannot write ${run.output}: ${written.error.message}` });
  for (const [name, entry] of Object.entries(stores.stores))
    log(
      entry.status === "measured"
        ? `${name}: ${entry.ledger_pairs_per_s.median} begin+complete/s (${entry.ledger_x_memory}× slower than memory), ${entry.step_us.median} µs/step (${entry.step_x_memory}× memory)`
        : `${name}: not measured: ${entry.reason}`,
    );
  return ok(undefined);
}
