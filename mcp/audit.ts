/**
 * The server's audit trail: the trace events the reducer produced for each session's facts
 * (arguments redacted by the contract's `traceEvent`). The file sink writes them to a path given
 * on the command line, never to stdout (the protocol channel). Approval tokens are never written.
 */
import type { TraceEvent } from "../contract/index.js";

export type AuditSink = {
  append(event: TraceEvent): void;
  /** The events of one session, for its `trace://` resource. */
  list(session_id: string): readonly TraceEvent[];
  /** The sessions this process has traced, in order of their first event (completions offer them). */
  sessions(): readonly string[];
};

export function createMemoryAuditSink(): AuditSink & { events(): readonly TraceEvent[] } {
  const events: TraceEvent[] = [];
  return {
    append: (event) => void events.push(event),
    list: (session_id) => events.filter((e) => e.session_id === session_id),
    sessions: () => [...new Set(events.map((e) => e.session_id))],
    events: () => events,
  };
}

/** Hands each event to `observe` (a file, a page's log) before the answer is sent, and keeps it for reading. */
export function createObservedAuditSink(observe: (event: TraceEvent) => void): AuditSink {
  const memory = createMemoryAuditSink();
  return {
    append(event) {
      observe(event);
      memory.append(event);
    },
    list: memory.list,
    sessions: memory.sessions,
  };
}
