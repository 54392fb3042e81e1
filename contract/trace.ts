/** The structured trace: one event per fact, redacted, with the checkpoint hash it produced. */
import { z } from "zod";
import { isImmutableJson } from "./canonical.js";
import { redact } from "./redact.js";
import { deepFreeze } from "./state-hash.js";

const nullableString = z.string().nullable();

/** A trace event as every sink holds it; a durable sink reads its records back through this schema. */
export const TraceEventSchema = z
  .strictObject({
    seq: z.number(),
    event_id: z.string(),
    at: z.number(),
    session_id: z.string(),
    step: z.number(),
    type: z.string(),
    tool: nullableString,
    args_digest: nullableString,
    /** Redacted: credentials, tokens and contact data never appear here. */
    args: z.unknown(),
    decision: nullableString,
    result_status: nullableString,
    reason: nullableString,
    idempotency_key: nullableString,
    status: z.string(),
    checkpoint_hash: z.string(),
  })
  .readonly();

export type TraceEvent = z.infer<typeof TraceEventSchema>;

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

const NO_DETAIL: TraceDetail = Object.freeze({});

/**
 * A trace event, frozen all the way down: a list that keeps events (the graph engines' trace) keeps
 * this one as it is, without a defensive copy.
 */
export function traceEvent(head: TraceHead, detail: TraceDetail, verdict: TraceDetail = NO_DETAIL): TraceEvent {
  // Written out rather than spread: one object shape for every event, in the key order the spread of
  // the contract's head gave (a store's JSON keeps that order).
  return Object.freeze({
    seq: head.seq,
    event_id: head.event_id,
    at: head.at,
    session_id: head.session_id,
    step: head.step,
    type: head.type,
    status: head.status,
    checkpoint_hash: head.checkpoint_hash,
    tool: detail.tool ?? null,
    args_digest: detail.args_digest ?? null,
    args: detail.args === undefined ? null : tracedArgs(detail.args),
    // The verdict's fields over the detail's, as a spread of the two would give, without the spread.
    decision: ("decision" in verdict ? verdict.decision : detail.decision) ?? null,
    result_status: ("result_status" in verdict ? verdict.result_status : detail.result_status) ?? null,
    reason: ("reason" in verdict ? verdict.reason : detail.reason) ?? null,
    idempotency_key: detail.idempotency_key ?? null,
  });
}

/**
 * A call's arguments as traced. The arguments of a sealed state cannot change (sealing hashed them,
 * `isImmutableJson`) and appear in each event of the call (validated, allowed, intent, result):
 * they are redacted once, into a frozen copy all those events share; anything else afresh.
 */
const redactedArgs = new WeakMap<object, unknown>();

function tracedArgs(args: unknown): unknown {
  // `redact` copies every object and array it meets, so freezing its result freezes nothing of the caller's.
  if (!isImmutableJson(args)) return deepFreeze(redact(args));
  let traced = redactedArgs.get(args as object);
  if (traced === undefined) {
    traced = deepFreeze(redact(args));
    redactedArgs.set(args as object, traced);
  }
  return traced;
}

/** Where engines append trace events; kept apart from checkpoints so a trace outlives a crash. */
export type TraceSink = {
  append(events: readonly TraceEvent[]): void;
  list(session_id: string): readonly TraceEvent[];
};

export function createMemoryTraceSink(): TraceSink {
  const events: TraceEvent[] = [];
  return {
    append(more) {
      events.push(...more);
    },
    list(session_id) {
      return events.filter((e) => e.session_id === session_id);
    },
  };
}
