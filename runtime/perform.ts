/**
 * Performs one effect the reducer asked for and reports its result as an event. The only place an
 * effect touches the world: the planner, the ledger and the tool executor.
 */
import {
  assertNever,
  beginBatch,
  beginCall,
  executeBatch,
  executeIntent,
  HarnessError,
  replayContent,
  type AgentState,
  type ExecutionDeps,
  type Planner,
} from "../contract/index.js";
import type { Effect } from "./effects.js";
import type { EngineEvent } from "./events.js";
import type { PendingOutcomeStore } from "./pending-outcomes.js";

export type PerformDeps = ExecutionDeps & {
  readonly planner?: Planner;
  /** Outcomes of a batch's finished calls, kept across a crash mid-batch. */
  readonly pendingOutcomes?: PendingOutcomeStore;
};

export async function performEffect(
  deps: PerformDeps,
  effect: Effect,
  state: AgentState,
  cancel?: AbortSignal,
): Promise<EngineEvent> {
  switch (effect.type) {
    case "planner/request":
      if (deps.planner === undefined) throw new HarnessError("invalid_transition", "no planner to ask");
      return { type: "planner/responded", raw: await deps.planner.respond(state), at: deps.clock.now() };
    case "ledger/begin": {
      const decision = beginCall(deps, state.session_id, effect.step, effect.call);
      const replay_content = decision.kind === "replay" ? replayContent(deps)(decision.output) : null;
      return { type: "ledger/answered", decision, replay_content, at: deps.clock.now() };
    }
    case "tool/execute":
      return {
        type: "tool/settled",
        outcome: await executeIntent(deps, effect.intent, effect.last_attempt, cancel),
        at: deps.clock.now(),
      };
    case "batch/begin":
      return {
        type: "batch/begun",
        answers: beginBatch(deps, state.session_id, effect.step, effect.calls),
        at: deps.clock.now(),
      };
    case "batch/execute": {
      const { session_id, seq } = state;
      const store = deps.pendingOutcomes;
      const outcomes = await executeBatch(deps, effect.calls, store?.list(session_id, seq) ?? [], (call_id, outcome) =>
        store?.add(session_id, seq, { call_id, outcome }),
      );
      return { type: "batch/settled", outcomes, at: deps.clock.now() };
    }
    default:
      return assertNever(effect);
  }
}
