/**
 * The server's audit trail: one contract `TraceEvent` per decision, named after the contract's
 * facts, with arguments redacted by the contract's `traceEvent`. It goes to a file given on the
 * command line, never to stdout (the protocol channel). Approval tokens are never written.
 * The file sink lives in `audit-file.ts`, so this module (and the server) also runs in a browser.
 */
import { traceEvent, verdictOf, type Fact, type IdSource, type TraceEvent } from "../handwritten/contract/index.js";
import { sessionHash, sessionStatus, type McpSession } from "./sessions.js";

/** The facts a `tools/call` can produce: the local engine's, from validation on. */
export type McpFact = Extract<Fact, { type: McpFactType }>;
export type McpFactType =
  | "call_rejected"
  | "call_validated"
  | "policy_allowed"
  | "policy_denied"
  | "approval_requested"
  | "approval_refused"
  | "approval_accepted"
  | "intent_recorded"
  | "call_replayed"
  | "call_conflicted"
  | "tool_succeeded"
  | "tool_errored"
  | "retry_scheduled"
  | "retries_exhausted"
  | "tool_uncertain";

/** The call a fact is about, as far as it is known when the fact happens. */
export type FactSubject = {
  readonly tool: string;
  readonly args?: unknown;
  readonly args_digest?: string;
  readonly idempotency_key?: string;
};

export type AuditSink = { append(event: TraceEvent): void };

/** The event for `fact`, stamped with the session record it left behind. */
export function auditEvent(
  session: McpSession,
  fact: McpFact,
  subject: FactSubject,
  at: number,
  ids: IdSource,
): TraceEvent {
  return traceEvent(
    {
      seq: session.seq,
      event_id: ids.eventId(session.session_id, session.seq),
      at,
      session_id: session.session_id,
      step: session.step,
      type: fact.type,
      status: sessionStatus(session),
      checkpoint_hash: sessionHash(session),
    },
    { ...subject, ...verdictOf(fact) },
  );
}

export function createMemoryAuditSink(): AuditSink & { events(): readonly TraceEvent[] } {
  const events: TraceEvent[] = [];
  return { append: (event) => void events.push(event), events: () => events };
}

export const discardAudit: AuditSink = { append: () => undefined };
