/** What the page shows, derived from the machine alone (pure, so it is unit-tested in Node). */
import { assertNever, type AgentState, type TraceEvent } from "../contract/index.js";
import type { Machine, NextAction } from "./machine.js";
import { PHASE_LABELS, retriesOfTrace, type Phase } from "./phases.js";

export type PendingView = {
  readonly tool: string;
  readonly args: string;
  readonly args_digest: string;
  readonly idempotency_key: string;
};

/** The call whose outcome nobody knows, as the operator sees it before confirming. */
export type ReconcileView = { readonly tool: string; readonly args: string; readonly idempotency_key: string };

/** One call of a multi-call turn: its id, tool, key and where it stands. */
export type BatchCallView = {
  readonly call_id: string;
  readonly tool: string | null;
  readonly idempotency_key: string | null;
  readonly phase: string;
};

export type View = {
  readonly phase: Phase;
  readonly phaseLabel: string;
  /** The reducer's own status, or "none" before run/started. */
  readonly status: string;
  readonly step: number;
  readonly maxSteps: number;
  readonly retries: number;
  readonly maxRetries: number;
  readonly checkpointHash: string | null;
  readonly idempotencyKey: string | null;
  /** Whether the key belongs to the call in the state, or to the last call in the trace. */
  readonly keySource: "current call" | "last call" | null;
  readonly next: string;
  readonly canStep: boolean;
  readonly pending: PendingView | null;
  readonly reconcile: ReconcileView | null;
  /** The calls of the current multi-call turn, or null when the turn has one call. */
  readonly batch: readonly BatchCallView[] | null;
  readonly outcome: string | null;
  readonly announcement: string;
};

export function viewOf(machine: Machine): View {
  const state = machine.state();
  const trace = machine.trace();
  const phase = machine.phase();
  const limits = machine.env.limits;
  const retries = retriesOfTrace(trace);
  const current = currentKey(state);
  const last = current ?? lastKey(trace);
  const action = machine.next();
  const pending =
    state?.status === "approval_required"
      ? {
          tool: state.pending_approval.tool,
          args: JSON.stringify(state.pending_approval.args),
          args_digest: state.pending_approval.args_digest,
          idempotency_key: state.pending_approval.idempotency_key,
        }
      : null;
  const reconcile =
    state?.status === "reconcile_required"
      ? { tool: state.intent.tool, args: JSON.stringify(state.intent.args), idempotency_key: state.intent.key }
      : null;
  const outcome = outcomeOf(state);
  const view = {
    phase,
    phaseLabel: PHASE_LABELS[phase],
    status: state?.status ?? "none",
    step: state?.step ?? 0,
    maxSteps: limits.maxSteps,
    retries,
    maxRetries: limits.maxRetries,
    checkpointHash: state?.checkpoint_hash ?? null,
    idempotencyKey: last,
    keySource: current !== null ? "current call" : last !== null ? "last call" : null,
    next: describeNext(action),
    canStep: action.kind === "start" || action.kind === "effect",
    pending,
    reconcile,
    batch: batchOf(state),
    outcome,
  } as const;
  return { ...view, announcement: announce(view) };
}

export function describeNext(action: NextAction): string {
  switch (action.kind) {
    case "start":
      return "dispatch run/started with the user's goal";
    case "effect":
      switch (action.effect.type) {
        case "planner/request":
          return "ask the FixtureModel planner (planner/request → planner/responded)";
        case "ledger/begin":
          return `record the intent of ${action.effect.call.tool} in the idempotency ledger (ledger/begin → ledger/answered)`;
        case "tool/execute":
          return `run ${action.effect.intent.tool}, attempt ${action.effect.intent.attempt + 1}, under its key (tool/execute → tool/settled)`;
        case "batch/begin":
          return `record the intents of ${action.effect.calls.length} calls in the ledger before any runs (batch/begin → batch/begun)`;
        case "batch/execute":
          return `run ${action.effect.calls.map((c) => c.intent.tool).join(", ")} together, one Execute step (batch/execute → batch/settled)`;
        default:
          return assertNever(action.effect);
      }
    case "await_approval":
      return "waiting for a person: approve or reject the high-risk call";
    case "await_reconcile":
      return "waiting for an operator to reconcile the uncertain outcome";
    case "finished":
      return "the run has ended: reset to start again";
    default:
      return assertNever(action);
  }
}

function batchOf(state: AgentState | null): readonly BatchCallView[] | null {
  const batch = state !== null && "batch" in state ? state.batch : undefined;
  if (batch === undefined) return null;
  return batch.calls.map(({ call_id, call, phase }) => ({
    call_id,
    tool: call?.tool ?? null,
    idempotency_key: call?.idempotency_key ?? null,
    phase: phase.kind === "settled" ? `settled: ${phase.message.status}` : phase.kind,
  }));
}

function currentKey(state: AgentState | null): string | null {
  if (state === null) return null;
  switch (state.status) {
    case "validated":
    case "approval_required":
    case "authorized":
      return state.call.idempotency_key;
    case "executing":
    case "reconcile_required":
      return state.intent.key;
    case "ready":
    case "planned":
    case "batch":
    case "done":
    case "failed":
    case "step_limit":
      return null;
    default:
      return assertNever(state);
  }
}

function lastKey(trace: readonly TraceEvent[]): string | null {
  for (let i = trace.length - 1; i >= 0; i -= 1) {
    const key = trace[i]?.idempotency_key;
    if (key !== null && key !== undefined) return key;
  }
  return null;
}

function outcomeOf(state: AgentState | null): string | null {
  if (state === null) return null;
  switch (state.status) {
    case "done":
      return `final answer: ${state.final}`;
    case "failed":
      return `${state.failure.code}: ${state.failure.message}`;
    case "step_limit":
      return `stopped after ${state.step} planner turns (max_steps)`;
    case "ready":
    case "planned":
    case "validated":
    case "approval_required":
    case "batch":
    case "authorized":
    case "executing":
    case "reconcile_required":
      return null;
    default:
      return assertNever(state);
  }
}

function announce(view: Omit<View, "announcement">): string {
  const where = `${view.phaseLabel}. Step ${view.step} of ${view.maxSteps}, retry ${view.retries} of ${view.maxRetries}.`;
  if (view.pending !== null) return `${where} ${view.pending.tool} waits for approval: approve or reject.`;
  if (view.reconcile !== null)
    return `${where} The outcome of ${view.reconcile.tool} is unknown: an operator must confirm it.`;
  if (view.outcome !== null) return `${where} ${view.outcome}`;
  return where;
}
