/**
 * Facts are the past-tense decisions every engine makes; `applyFact` is the only way an agent
 * state changes. Engines differ in how they orchestrate these facts, never in what a fact does,
 * so the same run gives the same states, hashes and trace on every engine.
 */
import type { ApprovalFailure } from "./approval.js";
import {
  applyToCalls,
  awaitingCall,
  intentOf as intentFor,
  startBatch,
  stateForBatch,
  uncertainCall,
} from "./batch.js";
import {
  conflictContent,
  declinedContent,
  deniedContent,
  errorContent,
  reconciledContent,
  rejectedContent,
  toolMessage,
  type BatchFact,
  type CallFact,
} from "./call-facts.js";
import { sealNewState } from "./checkpoint.js";
import { deriveIdempotencyKey, type IdSource } from "./ids.js";
import { HarnessError, assertNever } from "./result.js";
import { redactPlannerText } from "./redact.js";
import { redactText } from "./sensitive.js";
import { extended } from "./append-list.js";
import { appended } from "./state-hash.js";
import { messagesOf, STATE_VERSION, type AgentState, type AgentStatus, type Intent, type StateOf } from "./state.js";
import { traceEvent, type TraceDetail, type TraceEvent } from "./trace.js";
import type { Rejection, ValidatedCall } from "./validation.js";

export type { UncertainReason } from "./call-facts.js";

export type Fact =
  | { readonly type: "planner_responded"; readonly raw: string }
  | { readonly type: "step_limit_reached" }
  | { readonly type: "time_limit_reached" }
  | { readonly type: "run_completed"; readonly text: string }
  | { readonly type: "call_rejected"; readonly rejection: Rejection }
  | { readonly type: "call_validated"; readonly call: ValidatedCall }
  | { readonly type: "approval_refused"; readonly failure: ApprovalFailure }
  | CallFact
  | BatchFact
  /** Between turns, the conversation keeps only its last `kept` messages (an open-ended MCP session). */
  | { readonly type: "messages_trimmed"; readonly kept: number };

export type FactType = Fact["type"];

export type FactEnv = { readonly at: number; readonly ids: IdSource };
export type Applied = { readonly state: AgentState; readonly trace: TraceEvent };

const MAX_MESSAGE_CHARS = 4096;

/**
 * The state of a new run, and its `run_started` trace event. The goal is stored with every
 * checkpoint, so a credential or contact data in it is kept as `[redacted]`, like a final answer.
 */
export function startRun(session_id: string, goal: string, env: FactEnv): Applied {
  const state = sealNewState<AgentState>({
    v: STATE_VERSION,
    session_id,
    event_id: env.ids.eventId(session_id, 0),
    seq: 0,
    step: 0,
    status: "ready",
    messages: [{ role: "user", content: redactText(goal) }],
    used_approvals: [],
    pending_approval: null,
    started_at: env.at,
    updated_at: env.at,
    checkpoint_hash: "",
  });
  return { state, trace: head(state, "run_started", {}) };
}

/** The sealed next state of `fact` and its trace event. A module function: a closure made per fact costs a name definition under tsx. */
function done(fact: Fact, next: AgentState, subject: TraceDetail): Applied {
  const sealed = sealNewState(next);
  return { state: sealed, trace: head(sealed, fact.type, subject, verdictOf(fact)) };
}

/** Applies one fact; applying a fact in a status that does not allow it is a programming error. */
export function applyFact(state: AgentState, fact: Fact, env: FactEnv): Applied {
  const seq = state.seq + 1;
  const base = common(state, seq, env.ids.eventId(state.session_id, seq), env.at);
  switch (fact.type) {
    case "planner_responded": {
      const s = expect(state, fact, "ready");
      // Credentials never enter a checkpointed state, even in output that will be rejected: the raw
      // text lives only in this call; validation reads the redacted copy and the flag.
      const { text: planned, redacted } = redactPlannerText(fact.raw);
      const content = redacted
        ? "[redacted: planner output carried credentials or contact data]"
        : planned.length > MAX_MESSAGE_CHARS
          ? `${planned.slice(0, MAX_MESSAGE_CHARS)}…(${planned.length} chars)`
          : planned;
      return done(
        fact,
        {
          ...base,
          step: s.step + 1,
          status: "planned",
          planned,
          ...(redacted ? { planned_redacted: true as const } : {}),
          messages: extended(s.messages, [{ role: "assistant", content }]),
        },
        {},
      );
    }
    case "step_limit_reached":
      expect(state, fact, "ready");
      return done(fact, { ...base, status: "step_limit" }, {});
    case "time_limit_reached":
      expect(state, fact, "ready");
      return done(
        fact,
        { ...base, status: "failed", failure: { code: "time_limit", message: "run exceeded its wall-time bound" } },
        {},
      );
    case "run_completed":
      expect(state, fact, "planned");
      return done(fact, { ...base, status: "done", final: redactText(fact.text) }, {});
    case "call_rejected": {
      const s = expect(state, fact, "planned");
      const { tool } = fact.rejection;
      const msg = toolMessage(tool, "rejected", null, rejectedContent(fact.rejection));
      return done(fact, { ...base, status: "ready", messages: extended(s.messages, [msg]) }, { tool });
    }
    case "call_validated": {
      const s = expect(state, fact, "planned");
      const key =
        fact.call.requested_key ?? deriveIdempotencyKey(s.session_id, s.step, fact.call.tool, fact.call.args_digest);
      const call = { ...fact.call, idempotency_key: key };
      return done(fact, { ...base, status: "validated", call }, callDetail(call));
    }
    case "policy_allowed": {
      const s = expect(state, fact, "validated");
      return done(fact, { ...base, status: "authorized", call: s.call }, callDetail(s.call));
    }
    case "policy_denied": {
      const s = expect(state, fact, "validated");
      const msg = toolMessage(s.call.tool, "denied", null, deniedContent(s.call.tool, fact.reason));
      return done(fact, { ...base, status: "ready", messages: extended(s.messages, [msg]) }, callDetail(s.call));
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
        fact,
        { ...base, status: "approval_required", call: s.call, pending_approval: pending },
        callDetail(s.call),
      );
    }
    case "approval_refused": {
      const s = expect(state, fact, "approval_required");
      return done(
        fact,
        {
          ...base,
          status: "approval_required",
          call: s.call,
          pending_approval: s.pending_approval,
          ...(s.batch === undefined ? {} : { batch: s.batch }),
        },
        callDetail(s.call),
      );
    }
    case "approval_accepted": {
      const s = expect(state, fact, "approval_required");
      if (s.batch !== undefined) {
        const id = awaitingCall(s.batch, s.pending_approval).call_id;
        const batch = applyToCalls(s.batch, [{ call_id: id, fact }], callEnv(s, env));
        return done(
          fact,
          stateForBatch({ ...base, used_approvals: appended(s.used_approvals, s.pending_approval.nonce) }, batch),
          callDetail(s.call),
        );
      }
      return done(
        fact,
        {
          ...base,
          status: "authorized",
          call: s.call,
          used_approvals: appended(s.used_approvals, s.pending_approval.nonce),
        },
        callDetail(s.call),
      );
    }
    case "approval_declined": {
      const s = expect(state, fact, "approval_required");
      if (s.batch !== undefined) {
        const id = awaitingCall(s.batch, s.pending_approval).call_id;
        return done(
          fact,
          stateForBatch(base, applyToCalls(s.batch, [{ call_id: id, fact }], callEnv(s, env))),
          callDetail(s.call),
        );
      }
      const msg = toolMessage(s.call.tool, "declined", s.call.idempotency_key, declinedContent());
      return done(fact, { ...base, status: "ready", messages: extended(s.messages, [msg]) }, callDetail(s.call));
    }
    case "intent_recorded": {
      const s = expect(state, fact, "authorized");
      return done(fact, { ...base, status: "executing", intent: intentOf(s) }, callDetail(s.call));
    }
    case "call_replayed": {
      const s = expect(state, fact, "authorized");
      const msg = toolMessage(s.call.tool, "replayed", s.call.idempotency_key, fact.content);
      return done(fact, { ...base, status: "ready", messages: extended(s.messages, [msg]) }, callDetail(s.call));
    }
    case "call_conflicted": {
      const s = expect(state, fact, "authorized");
      const msg = toolMessage(s.call.tool, "conflict", s.call.idempotency_key, conflictContent(fact.reason));
      return done(fact, { ...base, status: "ready", messages: extended(s.messages, [msg]) }, callDetail(s.call));
    }
    case "tool_succeeded": {
      const s = expect(state, fact, "executing");
      const msg = toolMessage(s.intent.tool, "ok", s.intent.key, fact.content);
      return done(fact, { ...base, status: "ready", messages: extended(s.messages, [msg]) }, intentDetail(s.intent));
    }
    case "tool_errored": {
      const s = expect(state, fact, "executing");
      const msg = toolMessage(s.intent.tool, "error", s.intent.key, errorContent(fact.message));
      return done(fact, { ...base, status: "ready", messages: extended(s.messages, [msg]) }, intentDetail(s.intent));
    }
    case "retry_scheduled": {
      const s = expect(state, fact, "executing");
      const intent = { ...s.intent, attempt: s.intent.attempt + 1, retry_at: fact.retry_at };
      return done(fact, { ...base, status: "executing", intent }, intentDetail(intent));
    }
    case "retries_exhausted": {
      const s = expect(state, fact, "executing");
      return done(
        fact,
        { ...base, status: "failed", failure: { code: "retries_exhausted", message: fact.message } },
        intentDetail(s.intent),
      );
    }
    case "tool_uncertain": {
      const s = expect(state, fact, "executing", "authorized");
      const intent = s.status === "executing" ? s.intent : intentOf(s);
      return done(fact, { ...base, status: "reconcile_required", intent }, intentDetail(intent));
    }
    case "tool_reconciled": {
      const s = expect(state, fact, "reconcile_required");
      if (s.batch !== undefined) {
        const id = uncertainCall(s.batch, s.intent).call_id;
        return done(
          fact,
          stateForBatch(base, applyToCalls(s.batch, [{ call_id: id, fact }], callEnv(s, env))),
          intentDetail(s.intent),
        );
      }
      const msg = toolMessage(s.intent.tool, "reconciled", s.intent.key, reconciledContent(fact.operator, fact.note));
      return done(fact, { ...base, status: "ready", messages: extended(s.messages, [msg]) }, intentDetail(s.intent));
    }
    case "batch_validated": {
      const s = expect(state, fact, "planned");
      return done(fact, stateForBatch(base, startBatch(s.session_id, s.step, fact.entries)), {});
    }
    case "batch_policy_decided":
    case "batch_intents_recorded":
    case "batch_calls_settled": {
      const s = expect(state, fact, "batch");
      return done(fact, stateForBatch(base, applyToCalls(s.batch, fact.results, callEnv(s, env))), {});
    }
    case "messages_trimmed": {
      const s = expect(state, fact, "ready");
      return done(fact, { ...base, status: "ready", messages: messagesOf(s).slice(-fact.kept) }, {});
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
    case "batch_validated":
      return {
        decision: fact.entries.map((e) => `${e.call_id}=${"call" in e ? "valid" : "reject"}`).join(","),

        reason: listOrNull(fact.entries.map((e) => ("rejection" in e ? `${e.call_id}=${e.rejection.code}` : null))),
      };
    case "batch_policy_decided":
    case "batch_intents_recorded":
    case "batch_calls_settled":
      return batchVerdict(fact.results);
    case "messages_trimmed":
      return { decision: "trim", reason: `kept:${fact.kept}` };
    default:
      return assertNever(fact);
  }
}

/**
 * One line per batch fact: each call's decision or result, and reasons other than a recovery —
 * whether a sibling's outcome came from the ledger or from its first run is the engine's business,
 * the outcome is the same.
 */
function batchVerdict(results: readonly { readonly call_id: string; readonly fact: CallFact }[]): Verdict {
  const parts = results.map((r) => ({ id: r.call_id, v: verdictOf(r.fact) }));
  return {
    ...optional(
      "decision",
      parts.map((p) => (p.v.decision === undefined ? null : `${p.id}=${p.v.decision}`)),
    ),
    ...optional(
      "result_status",
      parts.map((p) => (p.v.result_status === undefined ? null : `${p.id}=${p.v.result_status}`)),
    ),
    reason: listOrNull(
      parts.map((p) => (p.v.reason == null || p.v.reason === "recovered_from_ledger" ? null : `${p.id}=${p.v.reason}`)),
    ),
  };
}

function optional(field: "decision" | "result_status", items: readonly (string | null)[]): Verdict {
  const joined = listOrNull(items);
  return joined === null ? {} : { [field]: joined };
}

function listOrNull(items: readonly (string | null)[]): string | null {
  const kept = items.filter((i): i is string => i !== null);
  return kept.length === 0 ? null : kept.join(",");
}

function callEnv(s: AgentState, env: FactEnv) {
  const seq = s.seq + 1;
  // A method, not an arrow property: under tsx an arrow is named as it is made, once per batch fact.
  return {
    step: s.step,
    at: env.at,
    nonce(call_id: string) {
      return env.ids.nonce(`${s.session_id}#${call_id}`, seq);
    },
  };
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

/** What every next state starts from, in one literal (a spread of a spread costs a copy per fact). */
function common(s: AgentState, seq: number, event_id: string, updated_at: number) {
  return {
    v: s.v,
    session_id: s.session_id,
    step: s.step,
    messages: s.messages,
    used_approvals: s.used_approvals,
    started_at: s.started_at,
    pending_approval: null,
    checkpoint_hash: "",
    seq,
    event_id,
    updated_at,
  } as const;
}

function intentOf(s: StateOf<"authorized">): Intent {
  return intentFor(s.call, s.step);
}

function callDetail(call: { tool: string; args: unknown; args_digest: string; idempotency_key: string }): TraceDetail {
  return { tool: call.tool, args: call.args, args_digest: call.args_digest, idempotency_key: call.idempotency_key };
}

function intentDetail(intent: Intent): TraceDetail {
  return { tool: intent.tool, args: intent.args, args_digest: intent.args_digest, idempotency_key: intent.key };
}

function head(state: AgentState, type: string, detail: TraceDetail, verdict?: Verdict): TraceEvent {
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
    verdict,
  );
}
