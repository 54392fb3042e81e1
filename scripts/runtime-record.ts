/**
 * tsx scripts/runtime-record.ts [--output PATH] [--quiet]
 * Writes the runtime record (evidence/13-runtime-v1.json) from a real run: the type checks and
 * every test suite as processes, then the metrics measured in process over every engine that
 * loads, then `buildRecord`. Nothing in the record is typed by hand. This file checks the command
 * line and the route file; the run (evidence/record-run.ts) loads after.
 */
import { pathToFileURL } from "node:url";
import { parseFlags } from "../cli/index.js";
import { loadRun } from "../durable/load-run.js";
import { parsePlannerArg, plannerRefused, readPlannerSource } from "./comparison/planner-arg.js";
import { RUNTIME_RECORD_PATH } from "./evidence/terms.js";

export const USAGE = `Usage: tsx scripts/runtime-record.ts [--output PATH] [--planner route:PATH] [--quiet]

Runs the type checks and every test suite (vitest's JSON reporter), measures the metrics on every
engine that loads (handwritten, local_state_graph, langgraph), runs the comparison per framework
and writes the runtime record.

  --output PATH         where to write it (default: ${RUNTIME_RECORD_PATH}; "-" prints it)
  --planner route:PATH  also replay a frozen route on both frameworks (metric route_replay.*);
                        planner_gate opens only for a measured replay of a real model's route
                        (default: fixture, and the gate stays blocked)
  --quiet               no progress on stderr
  --help                this text

Exit codes: 0 written, every command and test passed and every measured metric met; 1 written
with a failure or a missed metric; 2 bad usage (a flag given twice or empty included) or a file
that is not a valid route (not a regular file, over 4 MiB, nested over 64 deep, or not a route);
3 a route this checkout cannot replay; 4 I/O (the route exists but cannot be read, or the record
cannot be written). Nothing runs and nothing is written on 2, 3, or a route that cannot be read.`;

export async function main(argv: readonly string[]): Promise<number> {
  const flags = parseFlags(argv, {
    output: { type: "string" },
    planner: { type: "string" },
    quiet: { type: "boolean" },
    help: { type: "boolean" },
  });
  if (!flags.ok) {
    process.stderr.write(`runtime-record: ${flags.error.message} (${flags.error.code})\n\n${USAGE}\n`);
    return 2;
  }
  const { values } = flags.value;
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const arg = parsePlannerArg(values.planner);
  if (!arg.ok) {
    process.stderr.write(`runtime-record: ${arg.error} (bad_value)\n\n${USAGE}\n`);
    return 2;
  }
  const source = readPlannerSource(arg.value);
  if (!source.ok) return plannerRefused("runtime-record", source.error, (t) => process.stderr.write(t));
  const { recordRuntime } = await loadRun(() => import("./evidence/record-run.js"));
  return recordRuntime(values, source.value);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
