/**
 * The runtime record's run, once scripts/runtime-record.ts has checked its command line and read
 * the route file: the suites as processes, the metrics in process, the record written all or nothing.
 */
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { outputExitCode, writeFilesAtomically } from "../../cli/index.js";
import type { Route } from "../../handwritten/route/index.js";
import { loadEngines } from "../../engines/index.js";
import { isFrameworkVariant } from "../../engines/variants.js";
import { plannerRefused, type PlannerSource } from "../comparison/planner-arg.js";
import { loadPlanner } from "../comparison/planner.js";
import { readLicenses } from "./licenses.js";
import { measureAll } from "./measure.js";
import { buildRecord, RUNTIME_RECORD_PATH, type RecordEnvironment, type RecordedCommand } from "./record.js";
import { runSuites } from "./run-suites.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export function environment(): RecordEnvironment {
  return { node: process.version, platform: process.platform, arch: process.arch, cpus: cpus().length };
}

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

export async function recordRuntime(
  values: { readonly output?: string; readonly quiet?: boolean },
  source: PlannerSource,
): Promise<number> {
  const planner = loadPlanner(source);
  if (!planner.ok) return plannerRefused("runtime-record", planner.error, (t) => process.stderr.write(t));
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
      log(`runtime-record: cannot write ${relative(ROOT, target)}: ${written.error.message}`);
      return outputExitCode(written.error);
    }
  }
  const missed = record.metrics.filter((m) => m.met === false).map((m) => m.name);
  const summary = `tests ${record.tests.passed}/${record.tests.total} passed, ${record.known_failures.length} known failures; metrics missed: ${missed.length === 0 ? "none" : missed.join(", ")}`;
  log(target === null ? summary : `${summary}\nruntime record written to ${relative(ROOT, target)}`);
  return record.known_failures.length === 0 && missed.length === 0 ? 0 : 1;
}
