/**
 * tsx scripts/bench-stores.ts [--quick] [--output PATH]
 * The stores' benchmarks (scripts/bench/stores.ts): ledger begin+complete per second and the
 * engine's cost per step on memory, SQLite and Postgres (AGENT_HARNESS_PG_URL). Writes
 * evidence/bench-stores-v1.json by default. Exit 0, or 2 on bad usage.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { machineInfo } from "./bench/machine.js";
import { measureStores, type StoresBenchOptions } from "./bench/stores.js";

export const STORES_BENCH_SCHEMA = "agent-harness.bench-stores.v1";
const USAGE = "Usage: tsx scripts/bench-stores.ts [--quick] [--output PATH] (default evidence/bench-stores-v1.json)";

const FULL: Omit<StoresBenchOptions, "postgresUrl"> = { samples: 7, pairs: 500, passes: 2 };
const QUICK: Omit<StoresBenchOptions, "postgresUrl"> = { samples: 2, pairs: 100, passes: 1 };

export async function main(argv: readonly string[]): Promise<number> {
  let values: { quick?: boolean; output?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { quick: { type: "boolean" }, output: { type: "string" }, help: { type: "boolean" } },
      strict: true,
    }));
  } catch (e) {
    process.stderr.write(`bench-stores: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help === true) return (void process.stdout.write(`${USAGE}\n`), 0);
  const settings = values.quick === true ? QUICK : FULL;
  const load_before = loadavg()[0] ?? 0;
  const stores = await measureStores({ ...settings, postgresUrl: process.env["AGENT_HARNESS_PG_URL"] || undefined });
  const report = {
    schema: STORES_BENCH_SCHEMA,
    command: `npm run bench:stores${values.quick === true ? " -- --quick" : ""}`,
    settings,
    machine: machineInfo(false),
    load_average: { before: load_before, after: loadavg()[0] ?? 0 },
    ...stores,
  };
  const output = values.output ?? "evidence/bench-stores-v1.json";
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, `${JSON.stringify(report, null, 2)}\n`);
  for (const [name, entry] of Object.entries(stores.stores))
    process.stderr.write(
      entry.status === "measured"
        ? `${name}: ${entry.ledger_pairs_per_s.median} begin+complete/s (${entry.ledger_x_memory}× slower than memory), ${entry.step_us.median} µs/step (${entry.step_x_memory}× memory)\n`
        : `${name}: not measured: ${entry.reason}\n`,
    );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
