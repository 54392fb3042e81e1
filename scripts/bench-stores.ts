/**
 * tsx scripts/bench-stores.ts [--quick] [--output PATH]
 * The stores' benchmarks (scripts/bench/stores.ts): ledger begin+complete per second and the
 * engine's cost per step on memory, SQLite and Postgres (AGENT_HARNESS_PG_URL). Writes
 * evidence/bench-stores-v1.json by default. `npm run bench` runs the same (`writeStoresBench`) after the
 * engine benchmarks; this script is the quick way to run the stores part alone. Exit 0, 2 on bad usage, 4 when
 * the evidence cannot be written.
 */
import { pathToFileURL } from "node:url";
import { outputExitCode, parseFlags } from "../cli/index.js";
import { loadRun } from "../durable/load-run.js";

export const STORES_DEFAULT_OUTPUT = "evidence/bench-stores-v1.json";
const USAGE = `Usage: tsx scripts/bench-stores.ts [--quick] [--output PATH] (default ${STORES_DEFAULT_OUTPUT})
npm run bench runs it too, after the engine benchmarks.
Exit codes: 0 written; 2 bad usage (a flag given twice or empty included); 4 the evidence cannot be written.`;

export async function main(argv: readonly string[]): Promise<number> {
  const flags = parseFlags(argv, { quick: { type: "boolean" }, output: { type: "string" }, help: { type: "boolean" } });
  if (!flags.ok) {
    process.stderr.write(`bench-stores: ${flags.error.message} (${flags.error.code})\n${USAGE}\n`);
    return 2;
  }
  const { values } = flags.value;
  if (values.help === true) return (void process.stdout.write(`${USAGE}\n`), 0);
  const quick = values.quick === true;
  const { writeStoresBench } = await loadRun(() => import("./bench/stores-evidence.js"));
  const written = await writeStoresBench(
    {
      quick,
      output: values.output ?? STORES_DEFAULT_OUTPUT,
      command: `npm run bench:stores${quick ? " -- --quick" : ""}`,
    },
    (line) => void process.stderr.write(`${line}\n`),
  );
  if (written.ok) return 0;
  process.stderr.write(`bench-stores: ${written.error.message}\n`);
  return outputExitCode(written.error);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
