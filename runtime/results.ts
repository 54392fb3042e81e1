/**
 * The engine boundary answers with results. An engine may be written with throws inside (a graph
 * framework's checkpointer can only throw): `engineOf` turns its misuse (`EngineUsageError`) and a
 * failed seal (`CheckpointTamperedError`) into typed errors, and lets everything else through, a
 * simulated process death or a work budget among them.
 */
import { err, isCheckpointTamperedError, ok } from "../contract/index.js";
import { EngineUsageError, type Engine, type EngineError, type EngineResult } from "./api.js";

/** An operation answering a result, as one that answers its value and throws on misuse. */
type Thrown<F> = F extends (...args: infer A) => Promise<EngineResult<infer T>> ? (...args: A) => Promise<T> : F;

type Operations = Omit<Engine, "id">;

/** An engine's operations as plain values that throw on misuse: `Engine` with each result unwrapped. */
export type EngineBody<Id extends string> = { readonly id: Id } & {
  readonly [K in keyof Operations]: Thrown<Operations[K]>;
};

/** Runs `work`, answering its misuse or a failed seal as a typed error. */
export async function engineResult<T>(work: () => Promise<T>): Promise<EngineResult<T>> {
  try {
    return ok(await work());
  } catch (error) {
    const refused = engineErrorOf(error);
    if (refused === null) throw error;
    return err(refused);
  }
}

export function engineErrorOf(error: unknown): EngineError | null {
  if (error instanceof EngineUsageError) return { code: error.code, message: error.message };
  if (isCheckpointTamperedError(error)) return { code: "checkpoint_tampered", message: error.message };
  return null;
}

export function engineOf<Id extends string>(body: EngineBody<Id>): Engine<Id> {
  const { rewindToApproval, storageSnapshot } = body;
  return {
    id: body.id,
    start: (session_id, goal) => engineResult(() => body.start(session_id, goal)),
    submitApproval: (session_id, input) => engineResult(() => body.submitApproval(session_id, input)),
    resume: (session_id) => engineResult(() => body.resume(session_id)),
    reconcileUncertain: (session_id, input) => engineResult(() => body.reconcileUncertain(session_id, input)),
    state: (session_id) => engineResult(() => body.state(session_id)),
    trace: (session_id) => body.trace(session_id),
    graphSteps: (session_id) => body.graphSteps(session_id),
    ...(rewindToApproval === undefined
      ? {}
      : { rewindToApproval: (session_id: string) => engineResult(() => rewindToApproval(session_id)) }),
    ...(storageSnapshot === undefined ? {} : { storageSnapshot }),
  };
}

/** The state of a result, or the error thrown back as `EngineUsageError`: for callers that treat misuse as a bug. */
export function unwrapEngine<T>(result: EngineResult<T>): T {
  if (!result.ok) throw new EngineUsageError(result.error.code, result.error.message);
  return result.value;
}
