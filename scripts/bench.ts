/**
 * tsx scripts/bench.ts [--quick] [--only MEASURE] [--output PATH]
 * The benchmarks, in one process: per-step overhead of the three engines against a floor,
 * growth with the checkpoint history, cost per fact with session length (with bare LangGraph
 * as the anchor, and the adapter's overhead over it), fault-schedule throughput, MCP round
 * trips, and the comparison run's time and memory, with the goals of issue #14. Writes JSON
 * evidence (evidence/bench-v3.json) and prints the tables; then the stores' benchmark
 * (bench-stores.ts) writes evidence/bench-stores-v1.json. See --help.
 */
import { pathToFileURL } from "node:url";
import { parseBenchArgs, USAGE } from "./bench/args.js";
import type { MainIo } from "./bench/run.js";
import { loadRun } from "../durable/load-run.js";

const defaultIo: MainIo = { stdout: (t) => void process.stdout.write(t), stderr: (t) => void process.stderr.write(t) };

export async function main(argv: readonly string[], io: MainIo = defaultIo): Promise<number> {
  const parsed = parseBenchArgs(argv);
  if (!parsed.ok) {
    io.stderr(`bench: ${parsed.error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.value.kind === "help") {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const { runParsed } = await loadRun(() => import("./bench/run.js"));
  return runParsed(parsed.value, io);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  }
}
