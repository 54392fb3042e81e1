/**
 * The benchmarks' run, once scripts/bench.ts has checked its command line: the measures in one
 * process, their goals with a profile of each unmet one, the evidence and the tables.
 */
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { outputExitCode, writeFilesAtomically } from "../../cli/index.js";
import {
  ALL_COLUMNS,
  ENGINES as REGISTERED,
  BUILT_IN_FRAMEWORK_IDS as FRAMEWORK_IDS,
  isBuiltInEngineId,
  loadEngines,
  type BuiltInEngineId,
} from "../../scenarios/index.js";
import { PARTS, type BenchArgs, type Measure } from "./args.js";
import { measureCliRefusal, type CliRefusalOptions } from "./cli-refusal.js";
import { measureComparison, type Framework } from "./comparison-run.js";
import { measureFaultThroughput, type FaultThroughputOptions } from "./fault-throughput.js";
import { explainGoals } from "./explain.js";
import { goalWorkloads } from "./goal-workloads.js";
import {
  adapterOverheadOf,
  goalsOf,
  worstAdapterPoint,
  type AdapterOverheadSection,
  type Goal,
  type GoalInputs,
} from "./goals.js";
import { measureGrowth, type GrowthOptions } from "./growth.js";
import type { GrowthSection } from "./sections.js";
import { machineInfo } from "./machine.js";
import { measureMcp, type McpOptions } from "./mcp-latency.js";
import { BENCH_SCHEMA, BenchReport, targetsOf } from "./report.js";
import { measureSessionLength, type SessionLengthOptions } from "./session-length.js";
import type { AdapterBench } from "./session-runs.js";
import { collectGarbage, round } from "./stats.js";
import { measureStepOverhead, type EngineEntry, type StepOptions } from "./steps.js";
import { renderGoals, renderTables } from "./table.js";
import { writeStoresBench } from "./stores-evidence.js";
import { writeScaleBench } from "./scale/evidence.js";
import { renderScale } from "./scale/table.js";
import { measureWebBundle } from "./web-bundle.js";
import { measureTestTier } from "./test-tier.js";
import { renderTestTier, type TestTierSection } from "./test-tier-schema.js";

/** The adapter's entry module, relative to this file (engines/load.ts imports the same one). */
const ADAPTER_MODULE = "../../langgraph-adapter/src/index.js";

export type BenchSettings = {
  readonly steps: StepOptions;
  readonly growth: GrowthOptions;
  readonly sessionLength: SessionLengthOptions;
  readonly faults: FaultThroughputOptions;
  readonly mcp: McpOptions;
  readonly comparison: { readonly runs: number; readonly frameworks: readonly Framework[] };
  readonly cliRefusal: CliRefusalOptions;
  /** Whether a run of every measure includes the fast test tier (minutes): not in --quick; --only asks for it. */
  readonly testTier: boolean;
  /** Samples of a session the profile of an unmet session goal takes (goal-workloads.ts). */
  readonly profileSessionSamples: number;
};

// The bench measures the engines without the framework variants (the comparison measures those).
const ENGINES = REGISTERED.filter((e) => isBuiltInEngineId(e.id));

/** Fault schedules per engine, from each engine's entry in the registry. */
const faultSchedules = (run: "full" | "quick") =>
  Object.fromEntries(ENGINES.map((e) => [e.id, e.benchFaultSchedules[run]])) as Record<BuiltInEngineId, number>;

export const FULL_SETTINGS: BenchSettings = {
  steps: { samples: 15, warmup: 3, minSampleMs: 150 },
  growth: {
    sizes: [10, 1_000, 100_000],
    samples: 7,
    runsPerSample: 5,
    rebuildUpTo: 1_000,
    fillBudgetMs: 45_000,
    sampleBudgetMs: 20_000,
  },
  sessionLength: { sizes: [10, 100, 1_000], timedCalls: 10, samples: 9, pairedSamples: 11, minSampleMs: 200 },
  faults: { schedules: faultSchedules("full") },
  mcp: { warmup: 200, calls: 1_000 },
  comparison: { runs: 3, frameworks: FRAMEWORK_IDS },
  cliRefusal: { samples: 3, cases: "all" },
  testTier: true,
  profileSessionSamples: 25,
};

export const QUICK_SETTINGS: BenchSettings = {
  steps: { samples: 3, warmup: 1, minSampleMs: 25 },
  growth: {
    sizes: [10, 1_000],
    samples: 3,
    runsPerSample: 2,
    rebuildUpTo: 1_000,
    fillBudgetMs: 5_000,
    sampleBudgetMs: 3_000,
  },
  sessionLength: { sizes: [10, 100], timedCalls: 5, samples: 2, pairedSamples: 3, minSampleMs: 20 },
  faults: { schedules: faultSchedules("quick") },
  mcp: { warmup: 20, calls: 100 },
  comparison: { runs: 1, frameworks: ["local_state_graph"] },
  cliRefusal: { samples: 1, cases: "first_per_script" },
  testTier: false,
  // A quick run checks that every unmet goal is explained, not what its profile says: 10 s of LangGraph less.
  profileSessionSamples: 5,
};

export type MainIo = { readonly stdout: (text: string) => void; readonly stderr: (text: string) => void };

/** A run of the bench, once scripts/bench.ts has checked its command line. */
export async function runParsed(args: Extract<BenchArgs, { kind: "run" }>, io: MainIo): Promise<number> {
  const { quick, output, storesOutput, only } = args;
  const settings = quick ? QUICK_SETTINGS : FULL_SETTINGS;
  const log = (line: string) => io.stderr(`… ${line}\n`);
  if (only !== null) {
    // A few measures, to iterate on one goal in seconds: their sections and goals, never the evidence.
    const partial = await runMeasures(quick ? "quick" : "full", settings, only, log);
    const written = writeFilesAtomically([{ path: output, text: `${JSON.stringify(partial, null, 2)}\n` }]);
    if (!written.ok) {
      io.stderr(`bench: cannot write ${output}: ${written.error.message}\n`);
      return outputExitCode(written.error);
    }
    const tier = partial.test_tier === undefined ? "" : `${renderTestTier(partial.test_tier)}\n\n`;
    io.stdout(`${tier}${renderGoals(partial.goals ?? [])}\n\n${only.join(", ")} written to ${output}\n`);
    return 0;
  }
  const named = args.parts.length < PARTS.length ? [`--part ${args.parts.join(",")}`] : [];
  const flags = [...(quick ? ["--quick"] : []), ...named];
  const command = `npm run bench${flags.length === 0 ? "" : ` -- ${flags.join(" ")}`}`;
  if (args.parts.includes("engines")) {
    const report = await runBench(quick ? "quick" : "full", settings, log);
    const written = writeFilesAtomically([{ path: output, text: `${JSON.stringify(report, null, 2)}\n` }]);
    if (!written.ok) {
      io.stderr(`bench: cannot write ${output}: ${written.error.message}\n`);
      return outputExitCode(written.error);
    }
    io.stdout(`${renderTables(report)}\n\nevidence written to ${output}\n`);
  }
  // The stores and the multi-worker figure after, each in its own file: a failure there leaves the rest written.
  if (args.parts.includes("stores")) {
    const stores = await writeStoresBench({ quick, output: storesOutput, command }, (line) =>
      io.stderr(`… stores: ${line}\n`),
    );
    if (!stores.ok) {
      io.stderr(`bench: ${stores.error.message}\n`);
      return 4;
    }
    io.stdout(`stores evidence written to ${storesOutput}\n`);
  }
  if (args.parts.includes("scale")) {
    const scale = await writeScaleBench({ quick, output: args.scaleOutput, command }, log);
    if (!scale.ok) {
      io.stderr(`bench: ${scale.error.message}\n`);
      return 4;
    }
    io.stdout(`${renderScale(scale.value.engines)}\n\nmulti-worker evidence written to ${args.scaleOutput}\n`);
  }
  return 0;
}

type Sections = Partial<
  GoalInputs & {
    readonly growth: GrowthSection;
    readonly adapter_overhead: AdapterOverheadSection;
    readonly test_tier: TestTierSection;
  }
>;

/** The measures asked for (all of them by default), in the order of the report, then the goals they decide. */
async function measure(
  settings: BenchSettings,
  only: readonly Measure[] | null,
  log: (line: string) => void,
): Promise<{ sections: Sections; goals: Goal[]; duration_s: number; gc: boolean; load: number[] }> {
  const started = Date.now();
  const load = loadavg();
  const gc = collectGarbage();
  const want = (m: Measure) => only === null || only.includes(m);
  const entries = (await loadEngines()).flatMap((slot): EngineEntry[] => {
    const { id } = slot;
    // The bench measures the engines without the framework variants (the comparison measures those).
    if (!isBuiltInEngineId(id)) return [];
    return [slot.status === "measured" ? { id, factory: slot.factory } : { id, unavailable: slot.reason }];
  });
  for (const e of entries) if ("unavailable" in e) log(`${e.id} not measured: ${e.unavailable}`);

  const sections: { -readonly [K in keyof Sections]: Sections[K] } = {};
  if (want("step_overhead"))
    sections.step_overhead = await measureStepOverhead(entries, ALL_COLUMNS, settings.steps, log);
  if (want("growth")) sections.growth = await measureGrowth(entries, settings.growth, log);
  collectGarbage();
  const adapter = await loadAdapterBench();
  if (want("session_length")) {
    const session_length = await measureSessionLength(
      entries,
      adapter.ok ? adapter.value : null,
      adapter.ok ? "" : adapter.reason,
      settings.sessionLength,
      log,
    );
    sections.session_length = session_length;
    sections.adapter_overhead = adapterOverheadOf(session_length);
  }
  collectGarbage();
  if (want("fault_throughput")) sections.fault_throughput = await measureFaultThroughput(entries, settings.faults, log);
  collectGarbage();
  if (want("mcp")) sections.mcp = await measureMcp(settings.mcp, log);
  if (want("comparison"))
    sections.comparison = await measureComparison(settings.comparison.runs, settings.comparison.frameworks, log);
  if (want("cli_refusal")) {
    log("cli_refusal: every entry point given bad input, one at a time");
    sections.cli_refusal = await measureCliRefusal(settings.cliRefusal);
  }
  if (want("web_bundle")) sections.web_bundle = await measureWebBundle(log);
  // Last, after every measure in this process: it takes both cores for minutes.
  if (want("test_tier") && (only !== null || settings.testTier)) sections.test_tier = await measureTestTier(log);
  const duration_s = round((Date.now() - started) / 1000, 1);
  // Profiles come after every timed measure, so the profiler's cost never reaches a number.
  const longest = Math.max(...settings.sessionLength.sizes);
  const workloads = goalWorkloads({
    entries,
    adapter: adapter.ok ? adapter.value : null,
    calls: longest,
    adapterCalls: adapterCallsOf(sections.adapter_overhead) ?? longest,
    faultSchedules: settings.faults.schedules,
    mcpCalls: settings.mcp.calls,
    sessionSamples: settings.profileSessionSamples,
  });
  const goals = await explainGoals(goalsOf(sections), workloads, log);
  return { sections, goals, duration_s, gc, load };
}

export async function runBench(
  mode: "full" | "quick",
  settings: BenchSettings,
  log: (line: string) => void,
): Promise<BenchReport> {
  const { sections, goals, duration_s, gc, load } = await measure(settings, null, log);
  const loadEnd = loadavg();
  const { step_overhead } = sections;
  if (step_overhead === undefined) throw new Error("a full run measures the steps");
  return BenchReport.parse({
    schema: BENCH_SCHEMA,
    mode,
    generated_at: new Date().toISOString(),
    commit: currentCommit(),
    duration_s,
    machine: machineInfo(gc),
    load_average: { start: load.map((x) => round(x, 2)), end: loadEnd.map((x) => round(x, 2)) },
    settings,
    ...sections,
    targets: targetsOf(step_overhead),
    goals,
  });
}

/** Only the measures named: their sections and goals, checked against the report's schema section by section. */
export async function runMeasures(
  mode: "full" | "quick",
  settings: BenchSettings,
  only: readonly Measure[],
  log: (line: string) => void,
) {
  const { sections, goals, duration_s } = await measure(settings, only, log);
  return BenchReport.partial().parse({ mode, generated_at: new Date().toISOString(), duration_s, ...sections, goals });
}

/** The adapter's bench helpers (seeding a session, the bare anchor), loaded as the engine is: dynamically. */
async function loadAdapterBench(): Promise<{ ok: true; value: AdapterBench } | { ok: false; reason: string }> {
  try {
    const adapter = (await import(ADAPTER_MODULE)) as Partial<AdapterBench>;
    if (typeof adapter.seedLangGraphSession !== "function" || typeof adapter.runAnchor !== "function")
      return { ok: false, reason: "the LangGraph adapter exports no seedLangGraphSession/runAnchor" };
    return { ok: true, value: adapter as AdapterBench };
  } catch (error) {
    return { ok: false, reason: `the LangGraph adapter did not load: ${(error as Error).message.split("\n")[0]}` };
  }
}

function currentCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

/** The session length of the adapter's worst overhead, where its profile is taken; undefined when not measured. */
function adapterCallsOf(section: AdapterOverheadSection | undefined): number | undefined {
  return section === undefined ? undefined : worstAdapterPoint(section)?.calls;
}
