/** The structured trace: one event per fact, redacted, with the checkpoint hash it produced. */
import { redact } from "./sensitive.js";

export type TraceEvent = {
  readonly seq: number;
  readonly event_id: string;
  readonly at: number;
  readonly session_id: string;
  readonly step: number;
  readonly type: string;
  readonly tool: string | null;
  readonly args_digest: string | null;
  /** Redacted: credentials, tokens and contact data never appear here. */
  readonly args: unknown;
  readonly decision: string | null;
  readonly result_status: string | null;
  readonly reason: string | null;
  readonly idempotency_key: string | null;
  readonly status: string;
  readonly checkpoint_hash: string;
};

export type TraceDetail = {
  readonly tool?: string | null;
  readonly args_digest?: string | null;
  readonly args?: unknown;
  readonly decision?: string | null;
  readonly result_status?: string | null;
  readonly reason?: string | null;
  readonly idempotency_key?: string | null;
};

export type TraceHead = Pick<
  TraceEvent,
  "seq" | "event_id" | "at" | "session_id" | "step" | "type" | "status" | "checkpoint_hash"
>;

export function traceEvent(head: TraceHead, detail: TraceDetail): TraceEvent {
  return {
    ...head,
    tool: detail.tool ?? null,
    args_digest: detail.args_digest ?? null,
    args: detail.args === undefined ? null : redact(detail.args),
    decision: detail.decision ?? null,
    result_status: detail.result_status ?? null,
    reason: detail.reason ?? null,
    idempotency_key: detail.idempotency_key ?? null,
  };
}

/** Where engines append trace events; kept apart from checkpoints so a trace outlives a crash. */
export type TraceSink = {
  append(events: readonly TraceEvent[]): void;
  list(session_id: string): readonly TraceEvent[];
};

export function createMemoryTraceSink(): TraceSink {
  const events: TraceEvent[] = [];
  return {
    append: (more) => void events.push(...more),
    list: (session_id) => events.filter((e) => e.session_id === session_id),
  };
}
