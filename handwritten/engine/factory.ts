/** The handwritten engine behind the scenario interface. */
import { createHandwrittenEngine, createMemoryPendingOutcomes, type PendingOutcomeStore } from "./index.js";
import { err, isCheckpointTamperedError, ok, type Checkpoint } from "../../contract/index.js";
import {
  currentHistory,
  defineSlot,
  latestEarlierApproval,
  type Engine,
  type EngineContext,
  type EngineFactory,
  type EngineSlots,
} from "../../runtime/index.js";
import type { HandwrittenDeps } from "./runner.js";

/** Where the engine keeps the outcomes of a batch's finished calls, so a new process after a crash finds them. */
export const HANDWRITTEN_PENDING_KEY = defineSlot<PendingOutcomeStore>("handwritten.pending_outcomes");

function pendingOf(slots: EngineSlots): PendingOutcomeStore {
  const kept = slots.get(HANDWRITTEN_PENDING_KEY);
  if (kept !== undefined) return kept;
  const store = createMemoryPendingOutcomes();
  slots.set(HANDWRITTEN_PENDING_KEY, store);
  return store;
}

export type ContractEngineOptions = {
  /** How the driver runs (`HandwrittenDeps.drive`). @default the driver's own loop */
  readonly drive?: HandwrittenDeps["drive"];
  /** Called once a rewind has made an older checkpoint the latest (an engine with state of its own follows it). */
  readonly onRewound?: (session_id: string, target: Checkpoint) => void;
};

/** An engine over the contract's own checkpoints and the runtime's driver: the handwritten one, or a framework around the driver. */
export function createContractEngine<Id extends string>(
  id: Id,
  env: EngineContext,
  options: ContractEngineOptions = {},
): Engine<Id> {
  const engine = createHandwrittenEngine({
    ...env,
    pendingOutcomes: pendingOf(env.slots),
    ...(options.drive === undefined ? {} : { drive: options.drive }),
  });
  // Methods, not arrow properties: an engine is made per restart, and under tsx each arrow is named as it is made.
  return {
    id,
    start(session_id, goal) {
      return engine.start(session_id, goal);
    },
    submitApproval(session_id, input) {
      return engine.submitApproval(session_id, input);
    },
    resume(session_id) {
      return engine.resume(session_id);
    },
    reconcileUncertain(session_id, input) {
      return engine.reconcileUncertain(session_id, input);
    },
    async state(session_id) {
      return engine.state(session_id);
    },
    // The sink is an append-only audit log; the session's trace is the history its state came from.
    async trace(session_id) {
      return currentHistory(env.trace.list(session_id));
    },
    async graphSteps() {
      return null;
    },
    async rewindToApproval(session_id) {
      // A restore from an older copy: the old, sealed checkpoint becomes the latest again.
      let history: readonly Checkpoint[];
      try {
        history = env.checkpoints.list(session_id);
      } catch (error) {
        // A durable store checks its rows' seals as it reads them.
        if (isCheckpointTamperedError(error)) return err({ code: "checkpoint_tampered", message: error.message });
        throw error;
      }
      const target = latestEarlierApproval(history, (c) => c.state.status === "approval_required");
      if (target === undefined) return err({ code: "nothing_to_rewind", message: "no earlier approval point" });
      env.checkpoints.put(target);
      options.onRewound?.(session_id, target);
      // Read back through the seal check, as every load is.
      const loaded = engine.state(session_id);
      return loaded.ok ? ok(loaded.value ?? target.state) : loaded;
    },
  };
}

export const handwrittenFactory: EngineFactory<"handwritten"> = {
  id: "handwritten",
  version: "local",
  shape: async () => null,
  create: (env) => createContractEngine("handwritten", env),
};
