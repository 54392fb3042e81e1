/**
 * Measure: seeded random fault schedules per second on each engine, the same schedules
 * `npm run faults` and the CI suite play (scenarios/faults/run.ts), each played twice (the run and
 * its replay check) with its invariants checked, on one shard per core as they run there. Engines
 * get their own counts so the slow one does not set the length of the whole bench.
 */
import { runScenario, type BuiltInEngineId, type BuiltInFactory } from "../../scenarios/index.js";
import { schedulesOf } from "../../scenarios/faults/play.js";
import { DEFAULT_SEED, runSchedules, type RunTiming } from "../../scenarios/faults/run.js";
import { defaultShards } from "../../cli/schedule-defaults.js";
import { onWorkers, type Shards } from "../../scenarios/faults/shards.js";
import { NOT_MEASURED, type FaultThroughputEngine, type FaultThroughputSection } from "./sections.js";
import { round } from "./stats.js";
import type { EngineEntry } from "./steps.js";

export type FaultThroughputOptions = {
  readonly schedules: Readonly<Record<BuiltInEngineId, number>>;
  /** Worker threads (1: in this thread, where a profiler sees the work). @default one per core */
  readonly shards?: number;
};

/** Schedules whose graph steps are counted: enough for a mean, few enough that reading histories costs little. */
const GRAPH_STEP_SCHEDULES = 20;

export const FAULT_THROUGHPUT_DEFINITION = `runSchedules (scenarios/faults/run.ts, what npm run faults and test/faults/schedules.test.ts play): the first N schedules of the seed on one engine, each run, replayed and checked against the contract's invariants, in chunks on \`shards\` worker threads (one per core) started and with the engine loaded before the clock starts, after an untimed warm-up of as many schedules of the next seed on the same shards (JIT-compiled code, as in a long CI run). schedules_per_s = N / wall time (all shards); schedules_per_core_s = N / busy time summed over the shards (what one core does); both rounded. graph_steps_per_schedule (a graph engine's) = committed graph steps of the first ${GRAPH_STEP_SCHEDULES} schedules, each run once untimed in this thread with its checkpoint history read at the end, times two (each schedule is played twice), averaged: a lower bound (a node re-run after a crash commits nothing).`;

const WARM_UP_SEED = DEFAULT_SEED + 1;

export async function measureFaultThroughput(
  entries: readonly EngineEntry[],
  options: FaultThroughputOptions,
  log: (line: string) => void,
): Promise<FaultThroughputSection> {
  const engines = {} as Record<BuiltInEngineId, FaultThroughputEngine>;
  const measured = entries.flatMap((e) => ("factory" in e ? [e.id] : []));
  const count = options.shards ?? defaultShards();
  const shards: Shards | number = count === 1 || measured.length === 0 ? count : onWorkers(count);
  try {
    if (typeof shards === "object") await shards.ready(measured);
    for (const entry of entries) {
      if (!("factory" in entry)) {
        engines[entry.id] = { status: NOT_MEASURED, reason: entry.unavailable };
        continue;
      }
      // Untimed first, as many schedules on the next seed: the shards' code is compiled and warm, as
      // in a long CI run, and the timed schedules are none of the ones played to warm it.
      await runSchedules([entry.id], { seed: WARM_UP_SEED, schedules: options.schedules[entry.id], shards });
      let timing: RunTiming | null = null;
      const report = await runSchedules([entry.id], {
        seed: DEFAULT_SEED,
        schedules: options.schedules[entry.id],
        shards,
        timed: (t) => (timing = t),
      });
      const t = timing as RunTiming | null;
      const e = t?.engines[0];
      if (t === null || e === undefined) throw new Error(`runSchedules reported no time for ${entry.id}`);
      const perS = t.wall_ms === 0 ? 0 : Math.round((e.schedules / t.wall_ms) * 1000);
      engines[entry.id] = {
        status: "measured",
        schedules: e.schedules,
        shards: t.shards,
        ms: t.wall_ms,
        schedules_per_s: perS,
        busy_ms: e.busy_ms,
        schedules_per_core_s: e.schedules_per_core_s,
        violations: report.engines[entry.id]?.violations ?? 0,
        graph_steps_per_schedule: await graphStepsPerSchedule(entry.factory, options.schedules[entry.id]),
      };
      log(`faults ${entry.id}: ${e.schedules} on ${t.shards} shards, ${perS}/s, ${e.schedules_per_core_s}/s per core`);
    }
  } finally {
    if (typeof shards === "object") await shards.close();
  }
  return { definition: FAULT_THROUGHPUT_DEFINITION, seed: DEFAULT_SEED, engines };
}

/**
 * Committed graph steps per schedule (both of its plays) over the seed's first schedules, or null for
 * an engine without graph steps. Untimed: a framework's own cost per graph step bounds its throughput.
 */
async function graphStepsPerSchedule(factory: BuiltInFactory, schedules: number): Promise<number | null> {
  let steps = 0;
  let counted = 0;
  for (const schedule of schedulesOf(DEFAULT_SEED, 0, Math.min(schedules, GRAPH_STEP_SCHEDULES))) {
    let run: Awaited<ReturnType<typeof runScenario>>;
    try {
      run = await runScenario(factory, schedule);
    } catch {
      // A schedule the engine throws on (a finding of the timed run's) has no history to count.
      continue;
    }
    if (run.graph_steps === null) return null;
    steps += run.graph_steps;
    counted += 1;
  }
  return counted === 0 ? null : round((2 * steps) / counted, 1);
}
