/** The handwritten engine behind the scenario interface. */
import {
  createHandwrittenEngine,
  createMemoryPendingOutcomes,
  type EngineError,
  type PendingOutcomeStore,
} from "./index.js";
import type { Result } from "../../contract/index.js";
import {
  currentHistory,
  defineSlot,
  EngineUsageError,
  latestEarlierApproval,
  type Engine,
  type EngineFactory,
  type EngineSlots,
} from "../../runtime/index.js";

/** Where the engine keeps the outcomes of a batch's finished calls, so a new process after a crash finds them. */
export const HANDWRITTEN_PENDING_KEY = defineSlot<PendingOutcomeStore>("handwritten.pending_outcomes");

function pendingOf(slots: EngineSlots): PendingOutcomeStore {
  const kept = slots.get(HANDWRITTEN_PENDING_KEY);
  if (kept !== undefined) return kept;
  const store = createMemoryPendingOutcomes();
  slots.set(HANDWRITTEN_PENDING_KEY, store);
  return store;
}

const unwrap = <T>(result: Result<T, EngineError>): T => {
  if (!result.ok) throw new EngineUsageError(result.error.code, result.error.message);
  return result.value;
};

export const handwrittenFactory: EngineFactory<"handwritten"> = {
  id: "handwritten",
  version: "local",
  shape: async () => null,
  create(env): Engine<"handwritten"> {
    const engine = createHandwrittenEngine({ ...env, pendingOutcomes: pendingOf(env.slots) });
    return {
      id: "handwritten",
      start: async (session_id, goal) => unwrap(await engine.start(session_id, goal)),
      submitApproval: async (session_id, input) => unwrap(await engine.submitApproval(session_id, input)),
      resume: async (session_id) => unwrap(await engine.resume(session_id)),
      reconcileUncertain: async (session_id, input) => unwrap(await engine.reconcileUncertain(session_id, input)),
      state: async (session_id) => unwrap(engine.state(session_id)),
      // The sink is an append-only audit log; the session's trace is the history its state came from.
      trace: async (session_id) => currentHistory(env.trace.list(session_id)),
      graphSteps: async () => null,
      async rewindToApproval(session_id) {
        // A restore from an older copy: the old, sealed checkpoint becomes the latest again.
        const target = latestEarlierApproval(
          env.checkpoints.list(session_id),
          (c) => c.state.status === "approval_required",
        );
        if (target === undefined) throw new EngineUsageError("nothing_to_rewind", `no earlier approval point`);
        env.checkpoints.put(target);
        return unwrap(engine.state(session_id)) ?? target.state;
      },
    };
  },
};
