/**
 * Facts are the past-tense decisions every engine makes; `applyFact` is the only way an agent
 * state changes. Engines differ in how they orchestrate these facts, never in what a fact does,
 * so the same run gives the same states, hashes and trace on every engine.
 */
import type { ApprovalFailure } from "./approval.js";
import { sealState } from "./checkpoint.js";
import type { JsonValue } from "./canonical.js";
import { deriveIdempotencyKey, type IdSource } from "./ids.js";
import { HarnessError, assertNever } from "./result.js";
import { redactText } from "./sensitive.js";
import { STATE_VERSION, type AgentState, type AgentStatus, type Intent, type Message, type StateOf } from "./state.js";
import { traceEvent, type TraceDetail, type TraceEvent } from "./trace.js";
import type { Rejection, ValidatedCall } from "./validation.js";

export type UncertainReason =
  "timeout" | "unknown_error" | "invalid_output" | "crash_before_outcome" | "ledger_uncertain";

export type Fact =
  | { readonly type: "planner_responded"; readonly raw: string }
  | { readonly type: "step_limit_reached" }
  | { readonly type: "time_limit_reached" }
  | { readonly type: "run_completed"; readonly text: string }
  | { readonly type: "call_rejected"; readonly rejection: Rejection }
  | { readonly type: "call_validated"; readonly call: ValidatedCall }
  | { readonly type: "policy_allowed" }
  | { readonly type: "policy_denied"; readonly reason: string }
  | { readonly type: "approval_requested" }
  | { readonly type: "approval_refused"; readonly failure: ApprovalFailure }
  | { readonly type: "approval_accepted" }
  | { readonly type: "approval_declined" }
  | { readonly type: "intent_recorded" }
  | { readonly type: "call_replayed"; readonly content: JsonValue }
  | { readonly type: "call_conflicted"; readonly reason: "key_in_flight" | "key_reused_with_other_arguments" }
  | { readonly type: "tool_succeeded"; readonly content: JsonValue; readonly recovered: boolean }
  | { readonly type: "tool_errored"; readonly message: string }
  | { readonly type: "retry_scheduled"; readonly retry_at: number; readonly message: string }
  | { readonly type: "retries_exhausted"; readonly message: string }
  | { readonly type: "tool_uncertain"; readonly reason: UncertainReason; readonly message: string }
  | { readonly type: "tool_reconciled"; readonly operator: string; readonly note: string };

export type FactType = Fact["type"];

export type FactEnv = { readonly at: number; readonly ids: IdSource };
export type Applied = { readonly state: AgentState; readonly trace: TraceEvent };

const MAX_MESSAGE_CHARS = 4096;

/** The state of a new run, and its `run_started` trace event. */
export function startRun(session_id: string, goal: string, env: FactEnv): Applied {
  const state = sealState<AgentState>({
    v: STATE_VERSION,
    session_id,
    event_id: env.ids.eventId(session_id, 0),
    seq: 0,
    step: 0,
    status: "ready",
    messages: [{ role: "user", content: goal }],
    used_approvals: [],
    pending_approval: null,
    started_at: env.at,
    updated_at: env.at,
    checkpoint_hash: "",
  });
  return { state, trace: head(state, "run_started", {}) };
}

/** Applies one fact; applying a fact in a status that does not allow it is a programming error. */
export function applyFact(state: AgentState, fact: Fact, env: FactEnv): Applied {
  const seq = state.seq + 1;
  const base = { ...common(state), seq, event_id: env.ids.eventId(state.session_id, seq), updated_at: env.at };
  const done = (next: AgentState, subject: TraceDetail): Applied => {
    const sealed = sealState(next);
    return { state: sealed, trace: head(sealed, fact.type, { ...subject, ...verdictOf(fact) }) };
  };
  switch (fact.type) {
    case "planner_responded": {
      const s = expect(state, fact, "ready");
      // Credentials never enter a checkpointed state, even in output that will be rejected: the raw
      // text lives only in this call; validation reads the redacted copy and the flag.
      const planned = redactText(fact.raw);
      const redacted = planned !== fact.raw;
      const content = redacted
        ? "[redacted: planner output carried credentials or contact data]"
        : fact.raw.length > MAX_MESSAGE_CHARS
          ? `${fact.raw.slice(0, MAX_MESSAGE_CHARS)}…(${fact.raw.length} chars)`
          : fact.raw;
      return done(
        {
          ...base,
          step: s.step + 1,
          status: "planned",
          planned,
          ...(redacted ? { planned_redacted: true as const } : {}),
          messages: [...s.messages, { role: "assistant", content }],
        },
        {},
      );
    }
    case "step_limit_reached":
      expect(state, fact, "ready");
      return done({ ...base, status: "step_limit" }, {});
    case "time_limit_reached":
      expect(state, fact, "ready");
      return done(
        { ...base, status: "failed", failure: { code: "time_limit", message: "run exceeded its wall-time bound" } },
        {},
      );
    case "run_completed":
      expect(state, fact, "planned");
      return done({ ...base, status: "done", final: redactText(fact.text) }, {});
    case "call_rejected": {
      const s = expect(state, fact, "planned");
      const { code, message, issues, tool } = fact.rejection;
      const msg = toolMessage(tool, "rejected", null, { code, message, issues: issues.map((i) => ({ ...i })) });
      return done({ ...base, status: "ready", messages: [...s.messages, msg] }, { tool });
    }
    case "call_validated": {
      const s = expect(state, fact, "planned");
      const key =
        fact.call.requested_key ?? deriveIdempotencyKey(s.session_id, s.step, fact.call.tool, fact.call.args_digest);
      const call = { ...fact.call, idempotency_key: key };
      return done({ ...base, status: "validated", call }, callDetail(call));
    }
    case "policy_allowed": {
      const s = expect(state, fact, "validated");
      return done({ ...base, status: "authorized", call: s.call }, callDetail(s.call));
    }
    case "policy_denied": {
      const s = expect(state, fact, "validated");
      const msg = toolMessage(s.call.tool, "denied", null, {
        code: fact.reason,
        message: `${s.call.tool} is never executed`,
      });
      return done({ ...base, status: "ready", messages: [...s.messages, msg] }, callDetail(s.call));
    }
    case "approval_requested": {
      const s = expect(state, fact, "validated");
      const { tool, args, args_digest, idempotency_key } = s.call;
      const pending = {
        tool,
        args,
        args_digest,
        idempotency_key,
        nonce: env.ids.nonce(s.session_id, seq),
        requested_at: env.at,
      };
      return done(
        { ...base, status: "approval_required", call: s.call, pending_approval: pending },
        callDetail(s.call),
      );
    }
    case "approval_refused": {
      const s = expect(state, fact, "approval_required");
      return done(
        { ...base, status: "approval_required", call: s.call, pending_approval: s.pending_approval },
        callDetail(s.call),
      );
    }
    case "approval_accepted": {
      const s = expect(state, fact, "approval_required");
      return done(
        {
          ...base,
          status: "authorized",
          call: s.call,
          used_approvals: [...s.used_approvals, s.pending_approval.nonce],
        },
        callDetail(s.call),
      );
    }
    case "approval_declined": {
      const s = expect(state, fact, "approval_required");
      const msg = toolMessage(s.call.tool, "declined", s.call.idempotency_key, {
        code: "approval_declined",
        message: "a person declined this call",
      });
      return done({ ...base, status: "ready", messages: [...s.messages, msg] }, callDetail(s.call));
    }
    case "intent_recorded": {
      const s = expect(state, fact, "authorized");
      return done({ ...base, status: "executing", intent: intentOf(s) }, callDetail(s.call));
    }
    case "call_replayed": {
      const s = expect(state, fact, "authorized");
      const msg = toolMessage(s.call.tool, "replayed", s.call.idempotency_key, fact.content);
      return done({ ...base, status: "ready", messages: [...s.messages, msg] }, callDetail(s.call));
    }
    case "call_conflicted": {
      const s = expect(state, fact, "authorized");
      const msg = toolMessage(s.call.tool, "conflict", s.call.idempotency_key, {
        code: fact.reason,
        message: "idempotency key cannot run this call",
      });
      return done({ ...base, status: "ready", messages: [...s.messages, msg] }, callDetail(s.call));
    }
    case "tool_succeeded": {
      const s = expect(state, fact, "executing");
      const msg = toolMessage(s.intent.tool, "ok", s.intent.key, fact.content);
      return done({ ...base, status: "ready", messages: [...s.messages, msg] }, intentDetail(s.intent));
    }
    case "tool_errored": {
      const s = expect(state, fact, "executing");
      const msg = toolMessage(s.intent.tool, "error", s.intent.key, { code: "tool_error", message: fact.message });
      return done({ ...base, status: "ready", messages: [...s.messages, msg] }, intentDetail(s.intent));
    }
    case "retry_scheduled": {
      const s = expect(state, fact, "executing");
      const intent = { ...s.intent, attempt: s.intent.attempt + 1, retry_at: fact.retry_at };
      return done({ ...base, status: "executing", intent }, intentDetail(intent));
    }
    case "retries_exhausted": {
      const s = expect(state, fact, "executing");
      return done(
        { ...base, status: "failed", failure: { code: "retries_exhausted", message: fact.message } },
        intentDetail(s.intent),
      );
    }
    case "tool_uncertain": {
      const s = expect(state, fact, "executing", "authorized");
      const intent = s.status === "executing" ? s.intent : intentOf(s);
      return done({ ...base, status: "reconcile_required", intent }, intentDetail(intent));
    }
    case "tool_reconciled": {
      const s = expect(state, fact, "reconcile_required");
      const msg = toolMessage(s.intent.tool, "reconciled", s.intent.key, {
        outcome: "confirmed",
        operator: fact.operator,
        note: fact.note,
      });
      return done({ ...base, status: "ready", messages: [...s.messages, msg] }, intentDetail(s.intent));
    }
    default:
      return assertNever(fact);
  }
}

/** How the trace words a fact: its policy decision, result status and reason. */
export type Verdict = { readonly decision?: string; readonly result_status?: string; readonly reason?: string | null };

export function verdictOf(fact: Fact): Verdict {
  switch (fact.type) {
    case "planner_responded":
      return {};
    case "step_limit_reached":
      return { reason: "max_steps" };
    case "time_limit_reached":
      return { reason: "time_limit" };
    case "run_completed":
      return { result_status: "done" };
    case "call_rejected":
      return { decision: "reject", reason: fact.rejection.code };
    case "call_validated":
      return { decision: "valid" };
    case "policy_allowed":
      return { decision: "allow" };
    case "policy_denied":
      return { decision: "deny", reason: fact.reason };
    case "approval_requested":
      return { decision: "require_approval" };
    case "approval_refused":
      return { decision: "refuse_token", reason: fact.failure.code };
    case "approval_accepted":
      return { decision: "approved" };
    case "approval_declined":
      return { decision: "declined" };
    case "intent_recorded":
      return { decision: "intent" };
    case "call_replayed":
      return { result_status: "replayed" };
    case "call_conflicted":
      return { result_status: "conflict", reason: fact.reason };
    case "tool_succeeded":
      return { result_status: "ok", reason: fact.recovered ? "recovered_from_ledger" : null };
    case "tool_errored":
      return { result_status: "error", reason: "tool_error" };
    case "retry_scheduled":
      return { result_status: "transient", reason: fact.message };
    case "retries_exhausted":
      return { result_status: "failed", reason: "retries_exhausted" };
    case "tool_uncertain":
      return { result_status: "uncertain", reason: fact.reason };
    case "tool_reconciled":
      return { decision: "confirmed", result_status: "reconciled", reason: `operator:${fact.operator}` };
    default:
      return assertNever(fact);
  }
}

/** Applies facts in order, collecting their trace events. */
export function applyFacts(
  state: AgentState,
  facts: readonly Fact[],
  env: FactEnv,
): { state: AgentState; trace: TraceEvent[] } {
  const trace: TraceEvent[] = [];
  let current = state;
  for (const fact of facts) {
    const applied = applyFact(current, fact, env);
    current = applied.state;
    trace.push(applied.trace);
  }
  return { state: current, trace };
}

function expect<S extends AgentStatus>(state: AgentState, fact: Fact, ...allowed: S[]): StateOf<S> {
  if (!(allowed as AgentStatus[]).includes(state.status)) {
    throw new HarnessError("invalid_transition", `fact ${fact.type} cannot apply in status ${state.status}`);
  }
  return state as StateOf<S>;
}

function common(s: AgentState) {
  return {
    v: s.v,
    session_id: s.session_id,
    step: s.step,
    messages: s.messages,
    used_approvals: s.used_approvals,
    started_at: s.started_at,
    pending_approval: null,
    checkpoint_hash: "",
  } as const;
}

function intentOf(s: StateOf<"authorized">): Intent {
  const { idempotency_key, tool, risk, args, args_digest } = s.call;
  return { key: idempotency_key, tool, risk, args, args_digest, step: s.step, attempt: 0, retry_at: null };
}

function toolMessage(
  tool: string | null,
  status: Extract<Message, { role: "tool" }>["status"],
  key: string | null,
  content: JsonValue,
): Message {
  return { role: "tool", tool, status, idempotency_key: key, content };
}

function callDetail(call: { tool: string; args: unknown; args_digest: string; idempotency_key: string }): TraceDetail {
  return { tool: call.tool, args: call.args, args_digest: call.args_digest, idempotency_key: call.idempotency_key };
}

function intentDetail(intent: Intent): TraceDetail {
  return { tool: intent.tool, args: intent.args, args_digest: intent.args_digest, idempotency_key: intent.key };
}

function head(state: AgentState, type: string, detail: TraceDetail): TraceEvent {
  return traceEvent(
    {
      seq: state.seq,
      event_id: state.event_id,
      at: state.updated_at,
      session_id: state.session_id,
      step: state.step,
      type,
      status: state.status,
      checkpoint_hash: state.checkpoint_hash,
    },
    detail,
  );
}
