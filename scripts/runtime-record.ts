/**
 * tsx scripts/runtime-record.ts [--output PATH] [--quiet]
 * Writes the runtime record (evidence/13-runtime-v1.json) from a real run: the type checks and
 * every test suite as processes, then the metrics measured in process over every engine that
 * loads, then `buildRecord`. Nothing in the record is typed by hand.
 */
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseFlags, writeFilesAtomically } from "../cli/index.js";
import type { Route } from "../handwritten/route/index.js";
import { loadPlanner, parsePlannerArg } from "./comparison/planner.js";
import { loadEngines } from "../scenarios/engines.js";
import { isFrameworkVariant } from "../scenarios/variants.js";
import { readLicenses } from "./evidence/licenses.js";
import { measureAll } from "./evidence/measure.js";
import { buildRecord, RUNTIME_RECORD_PATH, type RecordEnvironment, type RecordedCommand } from "./evidence/record.js";
import { runSuites } from "./evidence/run-suites.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

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

/** The in-process steps of the run, recorded as commands next to the processes. */
const IN_PROCESS: readonly RecordedCommand[] = [
  {
    command: "measureAll(): scripts/evidence/measure.ts over loadEngines()",
    kind: "in-process",
    purpose: "schema_validity, unapproved_side_effects and the fault recovery rates on every engine that loads",
    exit_code: null,
  },
  {
    command: "compare() of scripts/comparison/report.ts, as tsx scripts/compare.ts --framework local_state_graph",
    kind: "in-process",
    purpose: "comparison_all_equal.local_state_graph",
    exit_code: null,
  },
  {
    command: "compare() of scripts/comparison/report.ts, as tsx scripts/compare.ts --framework langgraph",
    kind: "in-process",
    purpose: "comparison_all_equal.langgraph",
    exit_code: null,
  },
];

/** The in-process replay of a route, recorded as a command when --planner names one. */
const routeCommand = (route: Route): RecordedCommand => ({
  command: `compare() of scripts/comparison/report.ts with route ${route.id} as planner, as tsx scripts/compare.ts --planner route:PATH on local_state_graph and langgraph`,
  kind: "in-process",
  purpose: "route_replay.local_state_graph, route_replay.langgraph and planner_gate",
  exit_code: null,
});

export function environment(): RecordEnvironment {
  return { node: process.version, platform: process.platform, arch: process.arch, cpus: cpus().length };
}

function currentCommit(): string | null {
  try {
    // The commit, with "-dirty" when the work tree has changes the commit does not hold.
    const git = (...args: string[]) =>
      execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return `${git("rev-parse", "HEAD")}${git("status", "--porcelain") === "" ? "" : "-dirty"}`;
  } catch {
    return null;
  }
}

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
  const planner = loadPlanner(arg.value);
  if (!planner.ok) {
    process.stderr.write(`runtime-record: ${planner.error.message} (${planner.error.code})\n`);
    return planner.error.exit;
  }
  const log = values.quiet === true ? () => undefined : (line: string) => process.stderr.write(`… ${line}\n`);
  const output = values.output ?? RUNTIME_RECORD_PATH;
  const target = output === "-" ? null : resolve(process.cwd(), output);
  const inRepo = target !== null && !relative(ROOT, target).startsWith("..") && !isAbsolute(relative(ROOT, target));

  const generatedAt = new Date();
  const suites = runSuites(ROOT, log);
  log("measuring the metrics on every engine that loads");
  const started = Date.now();
  const route = planner.value.kind === "route" ? planner.value.route : null;
  const measurements = await measureAll(
    (await loadEngines()).filter((slot) => !isFrameworkVariant(slot.id)),
    route,
  );
  const record = buildRecord({
    measurements,
    run: {
      commands: [...suites.commands, ...IN_PROCESS, ...(route === null ? [] : [routeCommand(route)])],
      tests: suites.tests,
      known_failures: suites.known_failures,
    },
    licenses: readLicenses(ROOT),
    artifacts: target !== null && inRepo ? [relative(ROOT, target).split("\\").join("/")] : [],
    generated_at: generatedAt.toISOString(),
    commit: currentCommit(),
    environment: environment(),
    durations_ms: { ...suites.durations_ms, measurements: Date.now() - started },
  });
  const json = `${JSON.stringify(record, null, 2)}\n`;
  if (target === null) process.stdout.write(json);
  else {
    const written = writeFilesAtomically([{ path: target, text: json }]);
    if (!written.ok) {
      log(`runtime-record: cannot write ${relative(ROOT, target)}: ${written.error}`);
      return 4;
    }
  }
  const missed = record.metrics.filter((m) => m.met === false).map((m) => m.name);
  const summary = `tests ${record.tests.passed}/${record.tests.total} passed, ${record.known_failures.length} known failures; metrics missed: ${missed.length === 0 ? "none" : missed.join(", ")}`;
  log(target === null ? summary : `${summary}\nruntime record written to ${relative(ROOT, target)}`);
  return record.known_failures.length === 0 && missed.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
