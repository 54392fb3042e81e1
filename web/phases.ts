/**
 * The loop states of the course's diagram (Idle → Think → SelectTool → Execute → Observe, plus
 * the terminal and waiting states), mapped honestly onto the reducer. The reducer does not know
 * these names: it has statuses and appends one trace event per fact. Every fact type says which
 * loop state it enters, and the state shown is the one the last trace event entered.
 *
 *   run_started                         → think        (status ready: the planner's turn is open)
 *   planner_responded                   → think        (status planned: the model has answered)
 *   call_validated, policy_allowed      → select_tool  (validated, authorized: a typed call passed schema and policy)
 *   approval_accepted                   → select_tool  (authorized: approved, its intent not yet recorded)
 *   intent_recorded, retry_scheduled    → execute      (executing: intent checkpointed; next comes the executor)
 *   tool_succeeded, tool_errored,       → observe      (ready again: the result entered the conversation as data)
 *   call_replayed, call_conflicted,
 *   call_rejected, policy_denied,
 *   approval_declined, tool_reconciled
 *   approval_requested, approval_refused → approval_required
 *   tool_uncertain                      → reconcile_required
 *   run_completed                       → done
 *   retries_exhausted, time_limit_reached → error      (status failed)
 *   step_limit_reached                  → step_limit
 *
 * Before `run/started` there is no state and no trace: idle.
 */
import type { AgentStatus, FactType, TraceEvent } from "../contract/index.js";

export const PHASES = [
  "idle",
  "think",
  "select_tool",
  "execute",
  "observe",
  "done",
  "error",
  "step_limit",
  "approval_required",
  "reconcile_required",
] as const;
export type Phase = (typeof PHASES)[number];

/** The five states of the loop itself; the others end it or wait for a person. */
export const LOOP_PHASES = ["idle", "think", "select_tool", "execute", "observe"] as const satisfies readonly Phase[];
export const END_PHASES = ["done", "error", "step_limit"] as const satisfies readonly Phase[];
export const WAIT_PHASES = ["approval_required", "reconcile_required"] as const satisfies readonly Phase[];

/** The trace event type of a new run, which is not a fact. */
export const RUN_STARTED = "run_started";

/** Every fact type of the contract must appear here: the compiler checks that the map is total. */
export const PHASE_OF_FACT: Readonly<Record<FactType | typeof RUN_STARTED, Phase>> = {
  run_started: "think",
  messages_trimmed: "think",
  planner_responded: "think",
  call_validated: "select_tool",
  policy_allowed: "select_tool",
  approval_accepted: "select_tool",
  intent_recorded: "execute",
  retry_scheduled: "execute",
  tool_succeeded: "observe",
  tool_errored: "observe",
  call_replayed: "observe",
  call_conflicted: "observe",
  call_rejected: "observe",
  policy_denied: "observe",
  approval_declined: "observe",
  tool_reconciled: "observe",
  approval_requested: "approval_required",
  approval_refused: "approval_required",
  tool_uncertain: "reconcile_required",
  run_completed: "done",
  retries_exhausted: "error",
  time_limit_reached: "error",
  step_limit_reached: "step_limit",
  // A multi-call turn: Execute runs all its calls at once; the page lists them (view.ts).
  batch_validated: "select_tool",
  batch_policy_decided: "select_tool",
  batch_intents_recorded: "execute",
  batch_calls_settled: "observe",
};

/** The reducer statuses each loop state may rest in (a cross-check of the map above). */
export const STATUSES_OF_PHASE: Readonly<Record<Phase, readonly AgentStatus[]>> = {
  idle: [],
  think: ["ready", "planned"],
  select_tool: ["validated", "authorized", "batch"],
  execute: ["executing", "batch"],
  observe: ["ready", "batch"],
  done: ["done"],
  error: ["failed"],
  step_limit: ["step_limit"],
  approval_required: ["approval_required"],
  reconcile_required: ["reconcile_required"],
};

export function phaseOfTraceType(type: string): Phase {
  const phase = (PHASE_OF_FACT as Readonly<Record<string, Phase>>)[type];
  if (phase === undefined || !Object.hasOwn(PHASE_OF_FACT, type))
    throw new Error(`no loop state for trace event type ${JSON.stringify(type)}`);
  return phase;
}

type EventLike = Pick<TraceEvent, "type"> & { readonly status?: string };

/** Where the statuses a settled batch can end in lead, when not back to observing. */
const AFTER_BATCH: Readonly<Record<string, Phase>> = {
  failed: "error",
  reconcile_required: "reconcile_required",
  approval_required: "approval_required",
};

/**
 * The loop state one trace event entered. A multi-call turn settles all its calls in one fact,
 * which can end the run or stop it; the status the event records says which.
 */
export function phaseOfEvent(event: EventLike): Phase {
  const phase = phaseOfTraceType(event.type);
  if (event.type !== "batch_calls_settled" || event.status === undefined) return phase;
  return Object.hasOwn(AFTER_BATCH, event.status) ? (AFTER_BATCH[event.status] ?? phase) : phase;
}

/** The loop state a run is in: the one its last trace event entered, or idle before it starts. */
export function phaseOfTrace(trace: readonly EventLike[]): Phase {
  const last = trace.at(-1);
  return last === undefined ? "idle" : phaseOfEvent(last);
}

/** The loop states one transition passed through, in order, without repeats. */
export function pathOf(from: Phase, events: readonly EventLike[]): Phase[] {
  const path: Phase[] = [from];
  for (const event of events) {
    const phase = phaseOfEvent(event);
    if (path.at(-1) !== phase) path.push(phase);
  }
  return path;
}

/**
 * Retries of the current tool call: `retry_scheduled` events since its `intent_recorded`, until
 * the next planner turn opens. While executing this equals the intent's `attempt`; a run that
 * ends in `retries_exhausted` shows the full count.
 */
export function retriesOfTrace(trace: readonly Pick<TraceEvent, "type">[]): number {
  let retries = 0;
  for (const event of trace) {
    if (event.type === "intent_recorded" || event.type === "planner_responded" || event.type === RUN_STARTED)
      retries = 0;
    else if (event.type === "retry_scheduled") retries += 1;
  }
  return retries;
}
