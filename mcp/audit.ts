/**
 * The server's audit trail: one contract `TraceEvent` per decision, named after the contract's
 * facts, with arguments redacted by the contract's `traceEvent`. It goes to a file given on the
 * command line, never to stdout (the protocol channel). Approval tokens are never written.
 */
import { appendFileSync } from "node:fs";
import { assertNever, traceEvent, type Fact, type IdSource, type TraceEvent } from "../handwritten/contract/index.js";
import { sessionHash, sessionStatus, type McpSession } from "./sessions.js";

/** The facts a `tools/call` can produce: the local engine's, from validation on. */
export type McpFact = Extract<Fact, { type: McpFactType }>;
export type McpFactType =
  | "call_rejected" | "call_validated" | "policy_allowed" | "policy_denied" | "approval_requested" | "approval_refused"
  | "approval_accepted" | "intent_recorded" | "call_replayed" | "call_conflicted" | "tool_succeeded" | "tool_errored"
  | "retry_scheduled" | "retries_exhausted" | "tool_uncertain";

/** The call a fact is about, as far as it is known when the fact happens. */
export type FactSubject = {
  readonly tool: string;
  readonly args?: unknown;
  readonly args_digest?: string;
  readonly idempotency_key?: string;
};

// The contract's index exports `traceEvent` but not its detail type; derive it rather than restate it.
type TraceDetail = Parameters<typeof traceEvent>[1];

export type AuditSink = { append(event: TraceEvent): void };

/** The event for `fact`, stamped with the session record it left behind. */
export function auditEvent(session: McpSession, fact: McpFact, subject: FactSubject, at: number, ids: IdSource): TraceEvent {
  return traceEvent(
    {
      seq: session.seq, event_id: ids.eventId(session.session_id, session.seq), at, session_id: session.session_id,
      step: session.step, type: fact.type, status: sessionStatus(session), checkpoint_hash: sessionHash(session),
    },
    { ...subject, ...detailOf(fact) },
  );
}

/** Decision, result status and reason, as the local engine's trace words them. */
function detailOf(fact: McpFact): TraceDetail {
  switch (fact.type) {
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
    default:
      return assertNever(fact);
  }
}

/** JSON lines appended to `path`, one event per line, written before the answer is sent. */
export function createFileAuditSink(path: string): AuditSink {
  appendFileSync(path, ""); // fail at start-up, not at the first call, when the path is unwritable
  return { append: (event) => appendFileSync(path, `${JSON.stringify(event)}\n`) };
}

export function createMemoryAuditSink(): AuditSink & { events(): readonly TraceEvent[] } {
  const events: TraceEvent[] = [];
  return { append: (event) => void events.push(event), events: () => events };
}

export const discardAudit: AuditSink = { append: () => undefined };
