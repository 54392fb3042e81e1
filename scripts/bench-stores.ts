/**
 * tsx scripts/bench-stores.ts [--quick] [--output PATH]
 * The stores' benchmarks (scripts/bench/stores.ts): ledger begin+complete per second and the
 * engine's cost per step on memory, SQLite and Postgres (AGENT_HARNESS_PG_URL). Writes
 * evidence/bench-stores-v1.json by default. `npm run bench` runs the same (`writeStoresBench`) after the
 * engine benchmarks; this script is the quick way to run the stores part alone. Exit 0, 2 on bad usage, 4 when
 * the evidence cannot be written.
 */
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { parseFlags, writeFilesAtomically } from "../cli/index.js";
import { err, ok, type Result } from "../contract/index.js";
import { machineInfo } from "./bench/machine.js";
import { measureStores, type StoresBenchOptions } from "./bench/stores.js";

export const STORES_BENCH_SCHEMA = "agent-harness.bench-stores.v1";
export const STORES_DEFAULT_OUTPUT = "evidence/bench-stores-v1.json";
const USAGE = `Usage: tsx scripts/bench-stores.ts [--quick] [--output PATH] (default ${STORES_DEFAULT_OUTPUT})
npm run bench runs it too, after the engine benchmarks.
Exit codes: 0 written; 2 bad usage (a flag given twice or empty included); 4 the evidence cannot be written.`;

const FULL: Omit<StoresBenchOptions, "postgresUrl"> = { samples: 7, pairs: 500, passes: 2 };
const QUICK: Omit<StoresBenchOptions, "postgresUrl"> = { samples: 2, pairs: 100, passes: 1 };

export async function main(argv: readonly string[]): Promise<number> {
  const flags = parseFlags(argv, { quick: { type: "boolean" }, output: { type: "string" }, help: { type: "boolean" } });
  if (!flags.ok) {
    process.stderr.write(`bench-stores: ${flags.error.message} (${flags.error.code})\n${USAGE}\n`);
    return 2;
  }
  const { values } = flags.value;
  if (values.help === true) return (void process.stdout.write(`${USAGE}\n`), 0);
  const quick = values.quick === true;
  const written = await writeStoresBench(
    {
      quick,
      output: values.output ?? STORES_DEFAULT_OUTPUT,
      command: `npm run bench:stores${quick ? " -- --quick" : ""}`,
    },
    (line) => void process.stderr.write(`${line}\n`),
  );
  if (written.ok) return 0;
  process.stderr.write(`bench-stores: ${written.error}\n`);
  return 4;
}

export type StoresBenchRun = { readonly quick: boolean; readonly output: string; readonly command: string };

/** Measures the stores and writes their evidence; `npm run bench` and `npm run bench:stores` both run this. */
export async function writeStoresBench(
  run: StoresBenchRun,
  log: (line: string) => void,
): Promise<Result<void, string>> {
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
  if (!written.ok) return err(`cannot write ${run.output}: ${written.error}`);
  for (const [name, entry] of Object.entries(stores.stores))
    log(
      entry.status === "measured"
        ? `${name}: ${entry.ledger_pairs_per_s.median} begin+complete/s (${entry.ledger_x_memory}× slower than memory), ${entry.step_us.median} µs/step (${entry.step_x_memory}× memory)`
        : `${name}: not measured: ${entry.reason}`,
    );
  return ok(undefined);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
