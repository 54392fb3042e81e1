/**
 * Measure: seeded random fault schedules per second on each engine, the same schedules
 * `npm run faults` and the CI suite play (scenarios/faults/run.ts), each played twice (the run and
 * its replay check) with its invariants checked. Engines get their own counts so the slow one
 * does not set the length of the whole bench.
 */
import type { EngineId } from "../../scenarios/index.js";
import { DEFAULT_SEED, runSchedules, type EngineThroughput } from "../../scenarios/faults/run.js";
import { NOT_MEASURED, type EngineEntry } from "./steps.js";

export type FaultThroughputOptions = { readonly schedules: Readonly<Record<EngineId, number>> };

export type FaultThroughputEngine =
  | {
      readonly status: "measured";
      readonly schedules: number;
      readonly ms: number;
      readonly schedules_per_s: number;
      readonly violations: number;
    }
  | { readonly status: typeof NOT_MEASURED; readonly reason: string };

export type FaultThroughputSection = {
  readonly definition: string;
  readonly seed: number;
  readonly engines: Readonly<Record<EngineId, FaultThroughputEngine>>;
};

export const FAULT_THROUGHPUT_DEFINITION =
  "Schedules per second of runSchedules (scenarios/faults/run.ts, what npm run faults and test/faults/schedules.test.ts play): the first N schedules of the seed on one engine, each run, replayed and checked against the contract's invariants. schedules_per_s = N / wall time, rounded.";

export async function measureFaultThroughput(
  entries: readonly EngineEntry[],
  options: FaultThroughputOptions,
  log: (line: string) => void,
): Promise<FaultThroughputSection> {
  const engines = {} as Record<EngineId, FaultThroughputEngine>;
  for (const entry of entries) {
    if (!("factory" in entry)) {
      engines[entry.id] = { status: NOT_MEASURED, reason: entry.unavailable };
      continue;
    }
    let timed: EngineThroughput | null = null;
    const report = await runSchedules([entry.factory], {
      seed: DEFAULT_SEED,
      schedules: options.schedules[entry.id],
      timed: (t) => (timed = t),
    });
    const t = timed as EngineThroughput | null;
    if (t === null) throw new Error(`runSchedules reported no time for ${entry.id}`);
    engines[entry.id] = {
      status: "measured",
      schedules: t.schedules,
      ms: t.ms,
      schedules_per_s: t.schedules_per_s,
      violations: report.engines[entry.id]?.violations ?? 0,
    };
    log(`faults ${entry.id}: ${t.schedules} schedules, ${t.schedules_per_s} schedules/s`);
  }
  return { definition: FAULT_THROUGHPUT_DEFINITION, seed: DEFAULT_SEED, engines };
}
