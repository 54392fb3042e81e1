/**
 * One chunk of a seed's schedules played on each engine, the unit a shard works on. Chunks and
 * what they return are plain data: a worker thread regenerates its schedules from the seed (they
 * hold functions, which no message can carry) and sends back only what the tally needs.
 */
import fc from "fast-check";
import { z } from "zod";
import {
  ENGINE_IDS,
  loadEngine,
  type BuiltInFactory,
  type EngineId,
  type RunOptions,
  type Scenario,
} from "../index.js";
import { checkSchedule, scheduleArbitrary, type ScheduleResult } from "./schedule.js";

export const Chunk = z.strictObject({
  seed: z.number().int().nonnegative(),
  /** Index of the chunk's first schedule in the seed's sequence. */
  start: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  engines: z.array(z.enum(ENGINE_IDS as [EngineId, ...EngineId[]])).min(1),
});
export type Chunk = z.infer<typeof Chunk>;

const Violation = z.strictObject({ rule: z.string(), detail: z.string() });

const Played = z.strictObject({
  final_status: z.string(),
  violations: z.array(Violation),
  /** The schedule as data, only when it broke a rule (a failure names it). */
  schedule: z.unknown().optional(),
});
export type Played = z.infer<typeof Played>;

export const ChunkResult = z.strictObject({
  /** Per engine, in the chunk's order; per schedule, in index order. */
  played: z.array(z.array(Played)),
  /** Per schedule: some engine's observation differs from the first engine's. */
  differs: z.array(z.boolean()),
  /** Per engine: milliseconds spent playing, the engine already loaded. */
  busy_ms: z.array(z.number().nonnegative()),
});
export type ChunkResult = z.infer<typeof ChunkResult>;

/** Schedules `start` to `start + count - 1` of the seed: the same values as the first `start + count` of it. */
export const schedulesOf = (seed: number, start: number, count: number): Scenario[] =>
  fc.sample(scheduleArbitrary, { seed, numRuns: count, path: String(start) });

const loaded = new Map<EngineId, Promise<BuiltInFactory>>();

/** A built-in engine's factory, loaded once per thread; an engine that cannot load here is a setup error. */
export function factoryOf(id: EngineId): Promise<BuiltInFactory> {
  let factory = loaded.get(id);
  if (factory === undefined) {
    factory = loadEngine(id).then((r) => {
      if (!r.ok) throw new Error(`fault schedules: ${id} did not load: ${r.error.reason}`);
      return r.value;
    });
    loaded.set(id, factory);
  }
  return factory;
}

export async function playChunk(chunk: Chunk, stores?: Pick<RunOptions, "environment">): Promise<ChunkResult> {
  const factories = await Promise.all(chunk.engines.map(factoryOf));
  const schedules = schedulesOf(chunk.seed, chunk.start, chunk.count);
  const observations: string[][] = [];
  const played: Played[][] = [];
  const busy_ms: number[] = [];
  for (const factory of factories) {
    const started = performance.now();
    const seen: string[] = [];
    const results: Played[] = [];
    for (const schedule of schedules) {
      const result = await checkedOrThrown(factory, schedule, stores);
      seen.push(result.observation);
      results.push({
        final_status: result.final_status,
        violations: [...result.violations],
        ...(result.violations.length === 0 ? {} : { schedule: describe(schedule) }),
      });
    }
    busy_ms.push(performance.now() - started);
    observations.push(seen);
    played.push(results);
  }
  const [reference, ...others] = observations;
  const differs = (reference ?? []).map((obs, i) => others.some((o) => o[i] !== obs));
  return { played, differs, busy_ms };
}

/**
 * An engine that throws mid-schedule (a framework's native loop, say) breaks a rule of its own,
 * named with the error: a finding in the tally, as in the comparison, never the end of the run.
 */
export async function checkedOrThrown(
  factory: BuiltInFactory,
  schedule: Scenario,
  stores: Pick<RunOptions, "environment"> | undefined,
): Promise<Pick<ScheduleResult, "observation" | "final_status" | "violations">> {
  try {
    return await checkSchedule(factory, schedule, stores);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      observation: `engine_error: ${message}`,
      final_status: "engine_error",
      violations: [{ rule: "engine_runs_to_its_end", detail: `the engine threw: ${message}` }],
    };
  }
}

/** A schedule as data: its options and its actions' kinds (the token functions are not data). */
const describe = (schedule: Scenario) => ({
  options: schedule.options,
  actions: schedule.actions.map((a) => a.kind),
});
