/**
 * Plays seeded random fault schedules on every engine and tallies what the contract forbids.
 * Schedule i of a seed is always the same schedule, so any failure is reproduced by its seed and
 * index alone (`tsx scripts/fault-schedules.ts --seed S --only I`).
 */
import fc from "fast-check";
import type { BuiltInFactory, EngineId, RunOptions } from "../index.js";
import { checkSchedule, scheduleArbitrary, type Violation } from "./schedule.js";

export const FAULT_SCHEDULES_SCHEMA = "agent-harness.fault-schedules.v1";
/** @default 3000 schedules per engine in CI */
export const DEFAULT_SCHEDULES = 3000;
export const DEFAULT_SEED = 13;

export type EngineTally = {
  schedules: number;
  violations: number;
  violations_by_rule: Record<string, number>;
  duplicates_found: number;
  unapproved_side_effects: number;
  uncertain_retried: number;
  nondeterministic_replays: number;
  final_statuses: Record<string, number>;
};

export type Failure = {
  readonly engine: EngineId;
  readonly seed: number;
  readonly index: number;
  readonly violations: readonly Violation[];
  readonly schedule: unknown;
};

export type ScheduleReport = {
  schema: typeof FAULT_SCHEDULES_SCHEMA;
  planner: "fixture";
  seed: number;
  schedules_per_engine: number;
  engines: Record<string, EngineTally>;
  /** Schedules whose observation differs between engines (each engine's own invariants hold regardless). */
  cross_engine_differences: number;
  failures: Failure[];
};

const RULE_COUNTERS: Record<string, keyof EngineTally> = {
  at_most_one_side_effect_per_key: "duplicates_found",
  no_unapproved_side_effect: "unapproved_side_effects",
  no_retry_of_uncertain: "uncertain_retried",
  replay_reproduces_trace: "nondeterministic_replays",
};

export async function runSchedules(
  factories: readonly BuiltInFactory[],
  options: {
    seed: number;
    schedules: number;
    only?: number;
    progress?: (message: string) => void;
    /** `--store`: each run's stores in a scope of their own on a database. @default in memory */
    stores?: Pick<RunOptions, "environment">;
    /** Told how long each engine took; kept out of the report, which must regenerate byte for byte. */
    timed?: (throughput: EngineThroughput) => void;
  },
): Promise<ScheduleReport> {
  const all = fc.sample(scheduleArbitrary, {
    numRuns: options.only === undefined ? options.schedules : options.only + 1,
    seed: options.seed,
  });
  const indexes = options.only === undefined ? all.map((_, i) => i) : [options.only];
  const engines: Record<string, EngineTally> = {};
  const failures: Failure[] = [];
  const observations: string[][] = [];
  for (const factory of factories) {
    const tally: EngineTally = {
      schedules: 0,
      violations: 0,
      violations_by_rule: {},
      duplicates_found: 0,
      unapproved_side_effects: 0,
      uncertain_retried: 0,
      nondeterministic_replays: 0,
      final_statuses: {},
    };
    const seen: string[] = [];
    const started = performance.now();
    for (const index of indexes) {
      const schedule = all[index];
      if (schedule === undefined) continue;
      const result = await checkSchedule(factory, schedule, options.stores);
      seen.push(result.observation);
      tally.schedules += 1;
      tally.final_statuses[result.final_status] = (tally.final_statuses[result.final_status] ?? 0) + 1;
      for (const v of result.violations) {
        tally.violations += 1;
        tally.violations_by_rule[v.rule] = (tally.violations_by_rule[v.rule] ?? 0) + 1;
        const counter = RULE_COUNTERS[v.rule];
        if (counter !== undefined) (tally[counter] as number) += 1;
      }
      if (tally.schedules % 500 === 0)
        options.progress?.(
          `${factory.id}: ${tally.schedules}/${indexes.length} schedules, ${tally.violations} violations so far`,
        );
      if (result.violations.length > 0) {
        failures.push({
          engine: factory.id,
          seed: options.seed,
          index,
          violations: result.violations,
          schedule: describe(schedule),
        });
      }
    }
    const throughput = throughputOf(factory.id, tally.schedules, performance.now() - started);
    options.timed?.(throughput);
    options.progress?.(
      `${factory.id}: ${tally.schedules} schedules, ${tally.violations} violations, ${throughput.schedules_per_s.toFixed(0)} schedules/s`,
    );
    engines[factory.id] = tally;
    observations.push(seen);
  }
  const [reference, ...others] = observations;
  const cross = (reference ?? []).filter((obs, i) => others.some((o) => o[i] !== obs)).length;
  return {
    schema: FAULT_SCHEDULES_SCHEMA,
    planner: "fixture",
    seed: options.seed,
    schedules_per_engine: indexes.length,
    engines,
    cross_engine_differences: cross,
    failures,
  };
}

/** How fast one engine played its schedules (each schedule is played twice: the run and its replay check). */
export type EngineThroughput = {
  readonly engine: EngineId;
  readonly schedules: number;
  readonly ms: number;
  readonly schedules_per_s: number;
};

function throughputOf(engine: EngineId, schedules: number, ms: number): EngineThroughput {
  return { engine, schedules, ms: Math.round(ms), schedules_per_s: ms === 0 ? 0 : Math.round((schedules / ms) * 1000) };
}

function describe(schedule: { options: unknown; actions: readonly { kind: string }[] }) {
  return { options: schedule.options, actions: schedule.actions.map((a) => a.kind) };
}
