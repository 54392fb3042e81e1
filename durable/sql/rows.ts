/**
 * Rows are checked when they are read, not trusted because this harness wrote them: a row that
 * fails its schema (hand-edited, written by another program, cut short, a field added or lost) is
 * a `store_row_invalid` error naming the store, the row and the first problem, never a half-typed
 * value. The schemas are the contract's own, the ones its types are inferred from.
 */
import { z } from "zod";
import {
  CheckpointSchema,
  LedgerEntrySchema,
  TraceEventSchema,
  type Checkpoint,
  type LedgerEntry,
  type TraceEvent,
} from "../../contract/index.js";
import type { GraphCheckpoint } from "../../local-graph/runtime/index.js";
import { StoreError } from "../errors.js";
import type { Row } from "./connection.js";

const graphCheckpoint = z
  .strictObject({
    thread_id: z.string(),
    step: z.number(),
    state: z.unknown(),
    // A node name, the packets of a fan-out (one task per call of a batch), or null at END.
    next: z
      .union([z.string(), z.array(z.strictObject({ node: z.string(), arg: z.unknown() }).readonly()).readonly()])
      .nullable(),
    // A fan-out's finished tasks' writes, by packet index (the local runtime's pending writes).
    pending: z.array(z.unknown()).readonly().exactOptional(),
    // Answers a paused node already received for its earlier interrupts.
    resumes: z.array(z.unknown()).readonly().exactOptional(),
    interrupt: z.unknown(),
    // Added by the local graph's sealed checkpointer and checked there on every load.
    seal: z.string().exactOptional(),
  })
  .readonly();

/** A text column. Schemas are made once: building one costs more than a parse. */
export const SqlText = z.string();

/** An integer column: a number, or the decimal text Postgres answers for a BIGINT or a COUNT. */
export const SqlInteger = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

export type RowContext = { readonly store: string; readonly row: string };

const invalid = (where: RowContext, what: string) =>
  new StoreError("store_row_invalid", where.store, `${where.row}: ${what}`);

/** A value read from the database, checked against its schema. */
export function parseRow<T>(schema: z.ZodType<T>, value: unknown, where: RowContext): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.join(".") ?? "";
  throw invalid(where, `${path === "" ? "" : `${path}: `}${issue?.message ?? "invalid"}`);
}

/** A JSON text column, parsed and then checked against its schema. */
export function parseJsonRow<T>(schema: z.ZodType<T>, text: unknown, where: RowContext): T {
  let value: unknown;
  try {
    value = JSON.parse(parseRow(SqlText, text, where));
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError("store_row_invalid", where.store, `${where.row} is not JSON`);
  }
  return parseRow(schema, value, where);
}

/** One column of a row, checked: the driver's value, never coerced by `String()` or `Number()`. */
export function column<T>(schema: z.ZodType<T>, row: Row, name: string, where: RowContext): T {
  return parseRow(schema, row[name], { ...where, row: `${where.row} (${name})` });
}

export function readLedgerEntry(text: unknown, key: string, where: RowContext): LedgerEntry {
  const entry = parseJsonRow(LedgerEntrySchema, text, where);
  if (entry.key !== key) throw invalid(where, `holds key ${entry.key}`);
  return entry;
}

export function readTraceEvent(text: unknown, session_id: string, where: RowContext): TraceEvent {
  const event = parseJsonRow(TraceEventSchema, text, where);
  if (event.session_id !== session_id) throw invalid(where, `belongs to session ${event.session_id}`);
  return event;
}

/** A checkpoint must belong to its session; the schema checks that it matches its hash. */
export function readCheckpoint(text: unknown, session_id: string, where: RowContext): Checkpoint {
  const stored = parseJsonRow(CheckpointSchema, text, where);
  if (stored.session_id !== session_id || stored.state.session_id !== session_id)
    throw invalid(where, `belongs to session ${stored.session_id}`);
  return stored;
}

export function readGraphCheckpoint(text: unknown, thread_id: string, where: RowContext): GraphCheckpoint<unknown> {
  const stored = parseJsonRow(graphCheckpoint, text, where);
  if (stored.thread_id !== thread_id) throw invalid(where, `belongs to thread ${stored.thread_id}`);
  return stored;
}
