/** What the page shows, derived from the machine alone (pure, so it is unit-tested in Node). */
import { assertNever, type AgentState, type TraceEvent } from "../contract/index.js";
import { LOOP_CATALOGUES, translator, type Locale, type LoopKey, type Translate } from "./i18n/index.js";
import type { Machine, NextAction } from "./machine.js";
import { retriesOfTrace, type Phase } from "./phases.js";

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
  readonly keySource: "current" | "last" | null;
  readonly keySourceLabel: string;
  readonly next: string;
  readonly canStep: boolean;
  readonly pending: PendingView | null;
  readonly reconcile: ReconcileView | null;
  /** The calls of the current multi-call turn, or null when the turn has one call. */
  readonly batch: readonly BatchCallView[] | null;
  /** How the run ended, in the page's language; `outcomeQuote` is the run's own words (the final answer, the failure's message), kept as written. */
  readonly outcome: string | null;
  readonly outcomeQuote: string | null;
  readonly counter: string;
  readonly announcement: string;
};

/** The loop page's messages in `locale`. */
export const loopText = (locale: Locale): Translate<LoopKey> => translator(LOOP_CATALOGUES, locale);
export const phaseLabel = (t: Translate<LoopKey>, phase: Phase): string => t(`phase.${phase}`);

export function viewOf(machine: Machine, locale: Locale): View {
  const t = loopText(locale);
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
  const outcome = outcomeOf(state, t);
  const keySource = current !== null ? "current" : last !== null ? "last" : null;
  const view = {
    phase,
    phaseLabel: phaseLabel(t, phase),
    status: state?.status ?? "none",
    step: state?.step ?? 0,
    maxSteps: limits.maxSteps,
    retries,
    maxRetries: limits.maxRetries,
    checkpointHash: state?.checkpoint_hash ?? null,
    idempotencyKey: last,
    keySource,
    keySourceLabel: keySource === null ? "" : t(keySource === "current" ? "loop.keyCurrent" : "loop.keyLast"),
    next: describeNext(action, t),
    canStep: action.kind === "start" || action.kind === "effect",
    pending,
    reconcile,
    batch: batchOf(state),
    outcome: outcome?.label ?? null,
    outcomeQuote: outcome?.quote ?? null,
    counter: t("loop.counter", {
      step: state?.step ?? 0,
      max: limits.maxSteps,
      retries,
      maxRetries: limits.maxRetries,
    }),
  } as const;
  return { ...view, announcement: announce(view, t) };
}

export function describeNext(action: NextAction, t: Translate<LoopKey>): string {
  switch (action.kind) {
    case "start":
      return t("next.start");
    case "effect":
      switch (action.effect.type) {
        case "planner/request":
          return t("next.planner");
        case "ledger/begin":
          return t("next.ledgerBegin", { tool: action.effect.call.tool });
        case "tool/execute":
          return t("next.execute", { tool: action.effect.intent.tool, attempt: action.effect.intent.attempt + 1 });
        case "batch/begin":
          return t("next.batchBegin", { count: action.effect.calls.length });
        case "batch/execute":
          return t("next.batchExecute", { tools: action.effect.calls.map((c) => c.intent.tool) });
        default:
          return assertNever(action.effect);
      }
    case "await_approval":
      return t("next.awaitApproval");
    case "await_reconcile":
      return t("next.awaitReconcile");
    case "finished":
      return t("next.finished");
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

type Outcome = { readonly label: string; readonly quote: string | null };

function outcomeOf(state: AgentState | null, t: Translate<LoopKey>): Outcome | null {
  if (state === null) return null;
  switch (state.status) {
    case "done":
      return { label: t("outcome.done"), quote: state.final };
    case "failed":
      return { label: t("outcome.failed", { code: state.failure.code }), quote: state.failure.message };
    case "step_limit":
      return { label: t("outcome.stepLimit", { steps: state.step }), quote: null };
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

function announce(view: Omit<View, "announcement">, t: Translate<LoopKey>): string {
  const where = t("announce.where", {
    phase: view.phaseLabel,
    step: view.step,
    max: view.maxSteps,
    retries: view.retries,
    maxRetries: view.maxRetries,
  });
  if (view.pending !== null) return `${where} ${t("announce.pending", { tool: view.pending.tool })}`;
  if (view.reconcile !== null) return `${where} ${t("announce.reconcile", { tool: view.reconcile.tool })}`;
  if (view.outcome !== null) return [where, view.outcome, view.outcomeQuote].filter((s) => s !== null).join(" ");
  return where;
}
