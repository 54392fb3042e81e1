/**
 * Rows are checked when they are read, not trusted because this harness wrote them: a row that
 * fails its schema (hand-edited, written by another program, cut short) is a `store_row_invalid`
 * error naming the store, the row and the first problem, never a half-typed value.
 */
import { z } from "zod";
import {
  CHECKPOINT_VERSION,
  hashState,
  type Checkpoint,
  type LedgerEntry,
  type TraceEvent,
} from "../../contract/index.js";
import type { GraphCheckpoint } from "../../local-graph/runtime/index.js";
import { StoreError } from "../errors.js";

const entryBase = {
  key: z.string(),
  tool: z.string(),
  args_digest: z.string(),
  owner: z.string(),
  updated_at: z.number(),
};

const ledgerEntry = z.discriminatedUnion("state", [
  z.object({ ...entryBase, state: z.literal("in_flight"), dispatched: z.boolean() }),
  z.object({ ...entryBase, state: z.literal("completed"), output: z.unknown() }),
  z.object({ ...entryBase, state: z.literal("uncertain") }),
]);

const nullableString = z.string().nullable();
const traceEvent = z.object({
  seq: z.number(),
  event_id: z.string(),
  at: z.number(),
  session_id: z.string(),
  step: z.number(),
  type: z.string(),
  tool: nullableString,
  args_digest: nullableString,
  args: z.unknown(),
  decision: nullableString,
  result_status: nullableString,
  reason: nullableString,
  idempotency_key: nullableString,
  status: z.string(),
  checkpoint_hash: z.string(),
});

const checkpoint = z.object({
  v: z.literal(CHECKPOINT_VERSION),
  session_id: z.string(),
  seq: z.number(),
  checkpoint_hash: z.string(),
  state: z.looseObject({ session_id: z.string(), checkpoint_hash: z.string() }),
  // Checked by the engines on every load (openCheckpoint), under the secret the store never sees.
  seal: z.string(),
});

const graphCheckpoint = z.object({
  thread_id: z.string(),
  step: z.number(),
  state: z.unknown(),
  // A node name, the packets of a fan-out (one task per call of a batch), or null at END.
  next: z.union([z.string(), z.array(z.strictObject({ node: z.string(), arg: z.unknown() }))]).nullable(),
  // A fan-out's finished tasks' writes, by packet index (the local runtime's pending writes).
  pending: z.array(z.unknown()).optional(),
  interrupt: z.unknown(),
  // Added by the local graph's sealed checkpointer and checked there on every load.
  seal: z.string().optional(),
});

export type RowContext = { readonly store: string; readonly row: string };

function parsed<T>(schema: z.ZodType<T>, text: string, where: RowContext): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StoreError("store_row_invalid", where.store, `${where.row} is not JSON`);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = issue?.path.join(".") || "(root)";
    throw new StoreError("store_row_invalid", where.store, `${where.row}: ${path}: ${issue?.message ?? "invalid"}`);
  }
  return result.data;
}

const mismatch = (where: RowContext, what: string) =>
  new StoreError("store_row_invalid", where.store, `${where.row}: ${what}`);

export function readLedgerEntry(text: string, key: string, where: RowContext): LedgerEntry {
  const entry = parsed(ledgerEntry, text, where) as LedgerEntry;
  if (entry.key !== key) throw mismatch(where, `holds key ${entry.key}`);
  return entry;
}

export function readTraceEvent(text: string, session_id: string, where: RowContext): TraceEvent {
  const event = parsed(traceEvent, text, where) as TraceEvent;
  if (event.session_id !== session_id) throw mismatch(where, `belongs to session ${event.session_id}`);
  return event;
}

/** A checkpoint must belong to its session and match its hash. */
export function readCheckpoint(text: string, session_id: string, where: RowContext): Checkpoint {
  const stored = parsed(checkpoint, text, where) as unknown as Checkpoint;
  if (stored.session_id !== session_id || stored.state.session_id !== session_id)
    throw mismatch(where, `belongs to session ${stored.session_id}`);
  if (hashState(stored.state) !== stored.checkpoint_hash || stored.state.checkpoint_hash !== stored.checkpoint_hash)
    throw mismatch(where, "does not match its hash");
  return stored;
}

export function readGraphCheckpoint<S>(text: string, thread_id: string, where: RowContext): GraphCheckpoint<S> {
  const stored = parsed(graphCheckpoint, text, where) as GraphCheckpoint<S>;
  if (stored.thread_id !== thread_id) throw mismatch(where, `belongs to thread ${stored.thread_id}`);
  return stored;
}
