/**
 * Plays seeded random fault schedules on every engine and tallies what the contract forbids.
 * Schedule i of a seed is always the same schedule, so any failure is reproduced by its seed and
 * index alone (`tsx scripts/fault-schedules.ts --seed S --only I`).
 */
import type { EngineId, RunOptions } from "../index.js";
import type { Chunk, ChunkResult } from "./play.js";
import type { Violation } from "./schedule.js";
import { defaultShards } from "../../cli/schedule-defaults.js";
import { inThisThread, onWorkers, type Shards } from "./shards.js";

export { DEFAULT_SCHEDULES, DEFAULT_SEED } from "../../cli/schedule-defaults.js";

export const FAULT_SCHEDULES_SCHEMA = "agent-harness.fault-schedules.v1";
/**
 * Schedules per chunk at most: small enough that the last chunk on the slowest engine ends soon
 * after the others (a LangGraph schedule takes tens of milliseconds), large enough that messages cost nothing.
 */
export const CHUNK_SCHEDULES = 16;

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

export type RunSchedulesOptions = {
  seed: number;
  schedules: number;
  only?: number;
  progress?: (message: string) => void;
  /** `--store`: each run's stores in a scope of their own on a database (played in this thread). @default in memory */
  stores?: Pick<RunOptions, "environment">;
  /**
   * Worker threads to play on (1: this thread), or shards already open (the bench warms them
   * first). The report is the same byte for byte whatever the number. @default one per core
   */
  shards?: number | Shards;
  /** Told how long the run took; kept out of the report, which must regenerate byte for byte. */
  timed?: (timing: RunTiming) => void;
};

/**
 * Plays the seed's schedules on each engine, in chunks spread over the shards, and folds what
 * they return in engine and index order, so the report never depends on which shard finished first.
 */
export async function runSchedules(
  engines: readonly EngineId[],
  options: RunSchedulesOptions,
): Promise<ScheduleReport> {
  const first = options.only ?? 0;
  const total = options.only === undefined ? options.schedules : 1;
  const shards = shardsFor(options, total);
  const chunks = chunksOf(options.seed, first, total, engines, shards.lanes);
  const results: ChunkResult[] = [];
  const started = performance.now();
  try {
    const next = chunks.entries();
    let done = 0;
    const lane = async (n: number) => {
      for (let item = next.next(); item.done !== true; item = next.next()) {
        const [i, chunk] = item.value;
        results[i] = await shards.play(n, chunk);
        const before = done;
        done += chunk.count;
        if (Math.floor(done / 500) > Math.floor(before / 500))
          options.progress?.(`${done}/${total} schedules played on each engine`);
      }
    };
    await Promise.all(Array.from({ length: shards.lanes }, (_, n) => lane(n)));
  } finally {
    if (typeof options.shards !== "object") await shards.close();
  }
  const timing = timingOf(engines, chunks, results, shards.lanes, performance.now() - started);
  options.timed?.(timing);
  for (const t of timing.engines)
    options.progress?.(`${t.engine}: ${t.schedules} schedules, ${t.schedules_per_core_s} schedules/s per core`);
  return reportOf(engines, options.seed, chunks, results);
}

/** Never more workers than schedules: one schedule (`--only`) plays in this thread. */
function shardsFor(options: RunSchedulesOptions, total: number): Shards {
  if (typeof options.shards === "object") return options.shards;
  const count = Math.min(options.shards ?? defaultShards(), total);
  if (options.stores !== undefined && count > 1)
    throw new RangeError("schedules on a store play in one thread: its environment cannot cross threads");
  return count === 1 ? inThisThread(options.stores) : onWorkers(count);
}

/** Chunks of at most CHUNK_SCHEDULES, at least four per lane when there are that many schedules. */
export function chunksOf(seed: number, first: number, total: number, engines: readonly EngineId[], lanes: number) {
  const size = Math.max(1, Math.min(CHUNK_SCHEDULES, Math.ceil(total / (lanes * 4))));
  const chunks: Chunk[] = [];
  for (let start = first; start < first + total; start += size)
    chunks.push({ seed, start, count: Math.min(size, first + total - start), engines: [...engines] });
  return chunks;
}

/** The report, folded in engine order and then index order: the same as one thread playing them in turn. */
function reportOf(
  engines: readonly EngineId[],
  seed: number,
  chunks: readonly Chunk[],
  results: readonly ChunkResult[],
): ScheduleReport {
  const tallies: Record<string, EngineTally> = {};
  const failures: Failure[] = [];
  engines.forEach((engine, e) => {
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
    chunks.forEach((chunk, c) => {
      (results[c]?.played[e] ?? []).forEach((played, i) => {
        tally.schedules += 1;
        tally.final_statuses[played.final_status] = (tally.final_statuses[played.final_status] ?? 0) + 1;
        for (const v of played.violations) {
          tally.violations += 1;
          tally.violations_by_rule[v.rule] = (tally.violations_by_rule[v.rule] ?? 0) + 1;
          const counter = RULE_COUNTERS[v.rule];
          if (counter !== undefined) (tally[counter] as number) += 1;
        }
        if (played.violations.length > 0)
          failures.push({
            engine,
            seed,
            index: chunk.start + i,
            violations: played.violations,
            schedule: played.schedule,
          });
      });
    });
    tallies[engine] = tally;
  });
  return {
    schema: FAULT_SCHEDULES_SCHEMA,
    planner: "fixture",
    seed,
    schedules_per_engine: chunks.reduce((n, c) => n + c.count, 0),
    engines: tallies,
    cross_engine_differences: results.reduce((n, r) => n + r.differs.filter(Boolean).length, 0),
    failures,
  };
}

/** How fast one engine played its schedules (each schedule is played twice: the run and its replay check). */
export type EngineThroughput = {
  readonly engine: EngineId;
  readonly schedules: number;
  /** Milliseconds the shards spent on this engine, summed over shards (its loading excluded). */
  readonly busy_ms: number;
  /** Schedules per second of one shard's work: schedules ÷ busy time. */
  readonly schedules_per_core_s: number;
};

export type RunTiming = {
  readonly shards: number;
  /** From the first chunk handed out to the last one back (opening the shards excluded when they were given). */
  readonly wall_ms: number;
  readonly engines: readonly EngineThroughput[];
};

function timingOf(
  engines: readonly EngineId[],
  chunks: readonly Chunk[],
  results: readonly ChunkResult[],
  shards: number,
  wall: number,
): RunTiming {
  const schedules = chunks.reduce((n, c) => n + c.count, 0);
  return {
    shards,
    wall_ms: Math.round(wall),
    engines: engines.map((engine, e) => {
      // Rounded first, so the rate can be recomputed from the recorded milliseconds.
      const busy = Math.round(results.reduce((ms, r) => ms + (r.busy_ms[e] ?? 0), 0));
      return {
        engine,
        schedules,
        busy_ms: busy,
        schedules_per_core_s: busy === 0 ? 0 : Math.round((schedules / busy) * 1000),
      };
    }),
  };
}
