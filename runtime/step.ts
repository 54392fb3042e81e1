/**
 * The handwritten engine: a pure reducer `step(state, event) → { state, effects, trace }`.
 * It never calls a tool, a clock or a random source; it applies contract facts and says which
 * effect comes next. An event that does not fit the state is a visible no-op (`ignored`).
 */
import {
  applyFact,
  assertNever,
  callsIn,
  factBeforePlanning,
  factForBatchBegin,
  factForBatchOutcomes,
  factForBatchPolicy,
  factForBegin,
  factForOutcome,
  factForPlannerOutput,
  factForPolicy,
  factForReconcile,
  factForTrim,
  startRun,
  type AgentLimits,
  type AgentState,
  type Fact,
  type IdSource,
  type InputLimits,
  type StateOf,
  type ToolRegistry,
  type TraceEvent,
} from "../contract/index.js";
import type { Effect } from "./effects.js";
import type { EngineEvent } from "./events.js";

export type StepConfig = {
  readonly registry: ToolRegistry;
  readonly ids: IdSource;
  readonly limits: AgentLimits;
  readonly inputLimits: InputLimits;
};

export type StepResult = {
  readonly state: AgentState | null;
  readonly effects: readonly Effect[];
  readonly trace: readonly TraceEvent[];
  /** The facts applied, in order, one per trace event after a started run's first. */
  readonly facts: readonly Fact[];
  /** Why the event changed nothing, or null. */
  readonly ignored: string | null;
};

export function step(config: StepConfig, state: AgentState | null, event: EngineEvent): StepResult {
  if (event.type === "run/started") {
    if (state !== null) return ignore(state, "the run has already started");
    const started = startRun(event.session_id, event.goal, { at: event.at, ids: config.ids });
    return advance(config, started.state, event.at, [started.trace], []);
  }
  if (state === null) return ignore(state, `${event.type} before run/started`);

  switch (event.type) {
    case "planner/responded":
      return state.status === "ready"
        ? applied(config, state, event.at, { type: "planner_responded", raw: event.raw })
        : ignore(state, "no planner turn is open");
    case "ledger/answered":
      return state.status === "authorized"
        ? applied(
            config,
            state,
            event.at,
            factForBegin(event.decision, () => event.replay_content),
          )
        : ignore(state, "no call is being authorized");
    case "tool/settled":
      return state.status === "executing"
        ? applied(config, state, event.at, factForOutcome(event.outcome, state.intent, config.limits, event.at))
        : ignore(state, "no tool call is running");
    case "batch/begun":
      return state.status === "batch" && callsIn(state.batch, "authorized").length > 0
        ? applied(config, state, event.at, factForBatchBegin(event.answers))
        : ignore(state, "no batch is being authorized");
    case "batch/settled":
      return state.status === "batch" && callsIn(state.batch, "executing").length > 0
        ? applied(config, state, event.at, factForBatchOutcomes(state, event.outcomes, config.limits, event.at))
        : ignore(state, "no batch is running");
    case "approval/decided":
      return state.status === "approval_required"
        ? applied(config, state, event.at, event.decision)
        : ignore(state, NOT_WAITING);
    case "reconcile/confirmed": {
      const fact = factForReconcile(state, event.input);
      return "error" in fact ? ignore(state, fact.error) : applied(config, state, event.at, fact);
    }
    case "history/trim": {
      const fact = factForTrim(state, event.max_messages);
      return fact === null ? ignore(state, "nothing to trim between turns") : applied(config, state, event.at, fact);
    }
    case "run/resumed":
      return advance(config, state, event.at, [], []);
    default:
      return assertNever(event);
  }
}

/** `fact` applied to `state`, then its pure follow-ups (a module function: a closure per event costs a name definition under tsx). */
function applied(config: StepConfig, state: AgentState, at: number, fact: Fact): StepResult {
  const next = applyFact(state, fact, { at, ids: config.ids });
  return advance(config, next.state, at, [next.trace], [fact]);
}

/** Applies the pure follow-up facts (validation, policy, bounds) until the run needs I/O, waits or ends. */
function advance(config: StepConfig, start: AgentState, at: number, trace: TraceEvent[], facts: Fact[]): StepResult {
  let state = start;
  for (;;) {
    const fact = pureFollowUp(config, state, at);
    if (fact === null) return { state, effects: effectsFor(config, state), trace, facts, ignored: null };
    const applied = applyFact(state, fact, { at, ids: config.ids });
    state = applied.state;
    trace.push(applied.trace);
    facts.push(fact);
  }
}

function pureFollowUp(config: StepConfig, state: AgentState, at: number): Fact | null {
  switch (state.status) {
    case "ready":
      return factBeforePlanning(state, config.limits, at);
    case "planned":
      return factForPlannerOutput(config.registry, state, config.inputLimits);
    case "validated":
      return factForPolicy(state);
    case "batch":
      return callsIn(state.batch, "validated").length > 0 ? factForBatchPolicy(state) : null;
    case "approval_required":
    case "authorized":
    case "executing":
    case "reconcile_required":
    case "done":
    case "failed":
    case "step_limit":
      return null;
    default:
      return assertNever(state);
  }
}

function effectsFor(config: StepConfig, state: AgentState): Effect[] {
  switch (state.status) {
    case "ready":
      return [{ type: "planner/request" }];
    case "authorized":
      return [{ type: "ledger/begin", call: state.call, step: state.step }];
    case "executing":
      return [
        { type: "tool/execute", intent: state.intent, last_attempt: state.intent.attempt >= config.limits.maxRetries },
      ];
    case "batch":
      return [batchEffect(config, state)];
    case "planned":
    case "validated":
    case "approval_required":
    case "reconcile_required":
    case "done":
    case "failed":
    case "step_limit":
      return [];
    default:
      return assertNever(state);
  }
}

/** A batch first opens the ledger entries of its authorized calls, then dispatches them together. */
function batchEffect(config: StepConfig, state: StateOf<"batch">): Effect {
  const authorized = callsIn(state.batch, "authorized");
  if (authorized.length > 0)
    return { type: "batch/begin", calls: authorized.map(({ call_id, call }) => ({ call_id, call })), step: state.step };
  return {
    type: "batch/execute",
    calls: callsIn(state.batch, "executing").map(({ call_id, phase }) => ({
      call_id,
      intent: phase.intent,
      last_attempt: phase.intent.attempt >= config.limits.maxRetries,
    })),
  };
}

/** Why an approval event changed nothing. */
export const NOT_WAITING = "no call is waiting for approval";

export function ignore(state: AgentState | null, reason: string): StepResult {
  return { state, effects: [], trace: [], facts: [], ignored: reason };
}
