/**
 * The multi-worker bench's small engine interface: what a worker process does to one session (start it until its
 * high-risk call waits for approval, approve that call with a real token, resume it to its end) and what the parent
 * reads from the world afterwards (effects per key). Any engine that keeps its state in the one shared Postgres
 * plugs in as one row of SCALE_ENGINES (scale/engines.ts): a module whose `scaleEngine` export is this shape.
 * The messages between the parent and its workers are zod schemas: they cross a process boundary.
 */
import { z } from "zod";

/** Where one run keeps everything: one database, one scope every worker of the run shares, a scratch folder. */
export const ScalePlaceSchema = z.strictObject({
  url: z.string().min(1),
  scope: z.string().min(1),
  /** A folder of the run's own (journals, files an engine keeps beside the database). */
  dir: z.string().min(1),
  /** Real latency of every side effect, so that the calls of several workers overlap. */
  world_latency_ms: z.number().int().nonnegative(),
});
export type ScalePlace = z.infer<typeof ScalePlaceSchema>;

export const SCALE_PHASES = ["start", "approve", "resume"] as const;
export const ScalePhaseSchema = z.enum(SCALE_PHASES);
export type ScalePhase = z.infer<typeof ScalePhaseSchema>;

/**
 * What one operation answered. `status` is the session's status afterwards in the contract's words
 * (`approval_required` after a start, `done` at the end); `effect_key` is the key under which the world records the
 * session's high-risk effect, named by the start.
 */
export const ScaleOutcomeSchema = z.discriminatedUnion("ok", [
  z.strictObject({ ok: z.literal(true), status: z.string(), effect_key: z.string().nullable() }),
  z.strictObject({ ok: z.literal(false), error: z.string() }),
]);
export type ScaleOutcome = z.infer<typeof ScaleOutcomeSchema>;

/** An engine opened in one worker process over the shared place. */
export type ScaleWorker = {
  start(session_id: string): Promise<ScaleOutcome>;
  /** A person approves the waiting call: a real approval token for exactly that call, handed to the engine. */
  approve(session_id: string): Promise<ScaleOutcome>;
  /** Continues the session to its end, as a worker that picks it up after another one does. */
  resume(session_id: string): Promise<ScaleOutcome>;
  close(): Promise<void>;
};

export type ScaleEngine = {
  readonly id: string;
  /** The exact version of what runs (a framework's installed package), or "local". */
  readonly version: string;
  /** Opens the engine in a worker process. */
  open(place: ScalePlace, worker: string): Promise<ScaleWorker>;
  /** In the parent, once every worker has stopped: the world's side effects of the high-risk tool, per key. */
  effects(place: ScalePlace): Promise<Readonly<Record<string, number>>>;
  /** In the parent, before any worker starts: whatever the engine's tables need (migrations run once, not raced). */
  prepare(place: ScalePlace): Promise<void>;
};

/** What the parent hands its worker process `w` on the command line. */
export const ScaleWorkerRequestSchema = z.strictObject({
  place: ScalePlaceSchema,
  worker: z.string().min(1),
  /** The module (absolute path) whose `scaleEngine` export this worker runs. */
  engine_module: z.string().min(1),
});
export type ScaleWorkerRequest = z.infer<typeof ScaleWorkerRequestSchema>;

export const ScaleTaskSchema = z.strictObject({ session_id: z.string().min(1), phase: ScalePhaseSchema });
export type ScaleTask = z.infer<typeof ScaleTaskSchema>;

export const ToWorkerSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("task"), task: ScaleTaskSchema }),
  z.strictObject({ type: z.literal("stop") }),
]);
export type ToWorker = z.infer<typeof ToWorkerSchema>;

export const FromWorkerSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("ready") }),
  z.strictObject({
    type: z.literal("done"),
    task: ScaleTaskSchema,
    /** Wall time of the engine's operation, measured in the worker around the call only. */
    ms: z.number().nonnegative(),
    /** CPU time of the worker process (all its threads) over the same call: steadier than wall time on a busy machine. */
    cpu_ms: z.number().nonnegative(),
    outcome: ScaleOutcomeSchema,
  }),
]);
export type FromWorker = z.infer<typeof FromWorkerSchema>;

/** The module a worker loads must export one of these. */
export function isScaleEngine(value: unknown): value is ScaleEngine {
  const e = value as Partial<ScaleEngine> | null;
  return (
    typeof e === "object" &&
    e !== null &&
    typeof e.id === "string" &&
    typeof e.open === "function" &&
    typeof e.effects === "function" &&
    typeof e.prepare === "function"
  );
}
