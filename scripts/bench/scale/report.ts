/**
 * The multi-worker figure as evidence (evidence/bench-scale-v1.json): its schema, the one count of duplicated and
 * lost effects (from the world's effect log, never from what the workers said), and a run's summary.
 */
import { z } from "zod";
import { percentile, round } from "../stats.js";
import { SCALE_PHASES, type ScalePhase } from "./engine.js";
import type { ScaleRunRecord, TaskRecord } from "./run.js";

export const SCALE_BENCH_SCHEMA = "agent-harness.bench-scale.v1";

const Latency = z.strictObject({
  n: z.number().int().nonnegative(),
  p50: z.number(),
  p99: z.number(),
  max: z.number(),
});
export type Latency = z.infer<typeof Latency>;

const EffectsSchema = z.strictObject({
  /** Sessions, each with one approved high-risk call: the effects that should have landed. */
  expected: z.number().int().nonnegative(),
  /** Effects of the high-risk tool in the world, every key counted. */
  landed: z.number().int().nonnegative(),
  /** Effects beyond one per session: a second effect under a session's key, or any under a key no session named. */
  duplicated: z.number().int().nonnegative(),
  /** Sessions whose key has no effect in the world. */
  lost: z.number().int().nonnegative(),
});
export type EffectTally = z.infer<typeof EffectsSchema>;

export const WorkerRunSchema = z.strictObject({
  workers: z.number().int().positive(),
  /** 2 when each approval was handed to two workers at once (an at-least-once queue delivering it twice). */
  deliveries_per_approval: z.union([z.literal(1), z.literal(2)]),
  sessions: z.number().int().positive(),
  wall_s: z.number(),
  sessions_per_s: z.number(),
  /** Per operation, ms, measured in the worker around the engine's call. */
  ops_ms: z.strictObject({ start: Latency, approve: Latency, resume: Latency }),
  /** Per high-risk call, ms: its approval (which runs it) and the resume that finds it done. */
  call_ms: Latency,
  /** The workers' CPU time (their threads, not the database server's) over every operation, per session. */
  worker_cpu_ms_per_session: z.number(),
  /** Operations done by another worker than the session's previous one, of those that follow another. */
  handed_over: z.number(),
  failed_ops: z.number().int().nonnegative(),
  /** Sessions whose last operation did not leave them `done`. */
  unfinished: z.number().int().nonnegative(),
  effects: EffectsSchema,
});
export type WorkerRun = z.infer<typeof WorkerRunSchema>;

export const ScaleEngineRowSchema = z.discriminatedUnion("status", [
  z.strictObject({
    id: z.string(),
    version: z.string(),
    status: z.literal("measured"),
    runs: z.array(WorkerRunSchema),
  }),
  z.strictObject({ id: z.string(), status: z.literal("not-measured"), reason: z.string() }),
]);
export type ScaleEngineRow = z.infer<typeof ScaleEngineRowSchema>;

/** The one count of what landed: sessions' keys against the world's effects per key. */
export function tallyEffects(
  keys: ReadonlyMap<string, string | null>,
  effects: Readonly<Record<string, number>>,
): EffectTally {
  const landed = Object.values(effects).reduce((n, e) => n + e, 0);
  let lost = 0;
  for (const key of keys.values()) if (key === null || (effects[key] ?? 0) === 0) lost += 1;
  const once = keys.size - lost;
  return { expected: keys.size, landed, duplicated: landed - once, lost };
}

function latency(values: readonly number[]): Latency {
  if (values.length === 0) return { n: 0, p50: 0, p99: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** Each session's key under which the world records its effect, as its start named it (null when it did not). */
export function effectKeys(records: readonly TaskRecord[], sessions: number): Map<string, string | null> {
  const keys = new Map<string, string | null>(Array.from({ length: sessions }, (_, i) => [`s${i}`, null]));
  for (const r of records) if (r.phase === "start" && r.outcome.ok) keys.set(r.session_id, r.outcome.effect_key);
  return keys;
}

export function summarizeRun(
  workers: number,
  deliveries_per_approval: 1 | 2,
  sessions: number,
  run: ScaleRunRecord,
  effects: Readonly<Record<string, number>>,
): WorkerRun {
  const bySession = new Map<string, Partial<Record<ScalePhase, TaskRecord>>>();
  for (const r of run.records) bySession.set(r.session_id, { ...bySession.get(r.session_id), [r.phase]: r });
  const ops = (phase: ScalePhase) => latency(run.records.filter((r) => r.phase === phase).map((r) => r.ms));
  const calls: number[] = [];
  let follows = 0;
  let handed = 0;
  let unfinished = 0;
  for (const phases of bySession.values()) {
    const { approve, resume } = phases;
    if (approve !== undefined && resume !== undefined) calls.push(approve.ms + resume.ms);
    SCALE_PHASES.forEach((phase, at) => {
      const before = at === 0 ? undefined : phases[SCALE_PHASES[at - 1]!];
      const now = phases[phase];
      if (before === undefined || now === undefined) return;
      follows += 1;
      if (before.worker !== now.worker) handed += 1;
    });
    if (!(resume?.outcome.ok === true && resume.outcome.status === "done")) unfinished += 1;
  }
  const wall_s = run.wall_ms / 1000;
  return {
    workers,
    deliveries_per_approval,
    sessions,
    wall_s: round(wall_s),
    sessions_per_s: round(sessions / wall_s, 1),
    ops_ms: { start: ops("start"), approve: ops("approve"), resume: ops("resume") },
    call_ms: latency(calls),
    worker_cpu_ms_per_session: round(run.records.reduce((n, r) => n + r.cpu_ms, 0) / sessions),
    handed_over: follows === 0 ? 0 : round(handed / follows),
    failed_ops: run.records.filter((r) => !r.outcome.ok).length,
    unfinished: unfinished + (sessions - bySession.size),
    effects: tallyEffects(effectKeys(run.records, sessions), effects),
  };
}
