/**
 * Rows that do not have the shape of the record they hold, on every database store: a field added,
 * a field lost, a field of the wrong type, in each kind of record. Each read of such a row is a
 * `store_row_invalid` error naming the row and the field, never a value missing the field, a
 * value carrying one the contract does not know, or a raw SyntaxError/TypeError.
 */
import { describe, expect, it } from "vitest";
import { createIdSource, startRun, toCheckpoint, traceEvent } from "../../contract/index.js";
import { isStoreError, type SqlConnection, type Stores } from "../../durable/index.js";

export type RawRows = { readonly db: SqlConnection; readonly scope: string; readonly stores: Stores };

type Edit = (record: Record<string, unknown>) => void;

/** Edits, as JSON, every body of a table's rows in the scope. */
function editRows(raw: RawRows, table: "ledger" | "log_records" | "worlds", edit: Edit): void {
  const column = { ledger: "entry", log_records: "body", worlds: "data" }[table];
  const id = table === "log_records" ? "log, stream, n" : table === "ledger" ? "key" : "scope";
  const rows = raw.db.query(`SELECT ${id}, ${column} AS body FROM ${table} WHERE scope = ?`, [raw.scope]).rows;
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const record = JSON.parse(String(row["body"])) as Record<string, unknown>;
    edit(record);
    const keys = id.split(", ");
    raw.db.query(`UPDATE ${table} SET ${column} = ? WHERE scope = ? AND ${keys.map((k) => `${k} = ?`).join(" AND ")}`, [
      JSON.stringify(record),
      raw.scope,
      ...keys.map((k) => row[k] as string | number),
    ]);
  }
}

/** What a read of the edited rows threw: a store error's code and message, or what else it did. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    return isStoreError(error) ? `${error.code}: ${error.reason}` : `raw ${String(error)}`;
  }
  return "read";
}

const added: Edit = (r) => void (r["added"] = "a field the contract does not know");
const lost =
  (field: string): Edit =>
  (r) =>
    void delete r[field];
const mistyped =
  (field: string, value: unknown): Edit =>
  (r) =>
    void (r[field] = value);
const inState =
  (edit: Edit): Edit =>
  (r) =>
    edit(r["state"] as Record<string, unknown>);

type Kind = {
  readonly name: string;
  readonly table: "ledger" | "log_records" | "worlds";
  readonly write: (stores: Stores) => void;
  readonly reads: readonly ((stores: Stores) => unknown)[];
  /** Each edit, with the field the error must name (`added` for an unknown key at the root). */
  readonly edits: readonly (readonly [string, Edit, RegExp])[];
};

const state = () => startRun("s1", "row spec", { at: 0, ids: createIdSource("rows") }).state;
const head = { seq: 1, event_id: "e1", at: 1, session_id: "s1", step: 0, type: "run_started", status: "ready" };

const KINDS: readonly Kind[] = [
  {
    name: "ledger entry",
    table: "ledger",
    write: (s) => s.ledger.begin({ key: "k1", tool: "publish_report", args_digest: "d1", owner: "s1#1", at: 5 }),
    reads: [
      (s) => s.ledger.get("k1"),
      (s) => s.ledger.entries(),
      (s) => s.ledger.begin({ key: "k1", tool: "publish_report", args_digest: "d1", owner: "s1#1", at: 6 }),
    ],
    edits: [
      ["a field added", added, /ledger .*\/k1: Unrecognized key: "added"/],
      ["a field lost", lost("owner"), /ledger .*\/k1: owner: /],
      ["a field mistyped", mistyped("updated_at", "5"), /ledger .*\/k1: updated_at: .*expected number/],
    ],
  },
  {
    name: "checkpoint",
    table: "log_records",
    write: (s) => s.checkpoints.put(toCheckpoint(state(), "row-spec-secret")),
    reads: [(s) => s.checkpoints.latest("s1"), (s) => s.checkpoints.list("s1")],
    edits: [
      ["a field added", added, /checkpoints .*\/s1#1: Unrecognized key: "added"/],
      ["a field lost", lost("seal"), /checkpoints .*\/s1#1: seal: /],
      ["a field mistyped", mistyped("seq", "0"), /checkpoints .*\/s1#1: seq: .*expected number/],
      ["a state field lost", inState(lost("used_approvals")), /checkpoints .*\/s1#1: state.used_approvals: /],
      ["a state field mistyped", inState(mistyped("status", "paused")), /checkpoints .*\/s1#1: state.status: /],
    ],
  },
  {
    name: "trace event",
    table: "log_records",
    write: (s) => s.trace.append([traceEvent({ ...head, checkpoint_hash: "h1" }, { args: { n: 1 } })]),
    reads: [(s) => s.trace.list("s1")],
    edits: [
      ["a field added", added, /trace .*\/s1#1: Unrecognized key: "added"/],
      ["a field lost", lost("checkpoint_hash"), /trace .*\/s1#1: checkpoint_hash: /],
      ["a field mistyped", mistyped("tool", 7), /trace .*\/s1#1: tool: .*expected string/],
    ],
  },
  {
    name: "graph checkpoint",
    table: "log_records",
    write: (s) => s.graph.put({ thread_id: "t1", step: 1, state: { n: 1 }, next: "plan", interrupt: null }),
    reads: [(s) => s.graph.latest("t1"), (s) => s.graph.list("t1")],
    edits: [
      ["a field added", added, /graph .*\/t1#1: Unrecognized key: "added"/],
      ["a field lost", lost("step"), /graph .*\/t1#1: step: /],
      ["a field mistyped", mistyped("next", 3), /graph .*\/t1#1: next: /],
    ],
  },
  {
    name: "fixture world",
    table: "worlds",
    write: (s) => s.world().recordEffect("publish_report", "k1"),
    reads: [(s) => s.world().totalEffects()],
    edits: [
      ["a field added", added, /world .*: Unrecognized key: "added"/],
      ["a field lost", lost("faults"), /world .*: faults: /],
      [
        "a field mistyped",
        mistyped("effects", { publish_report: { k1: "1" } }),
        /world .*: effects.publish_report.k1: /,
      ],
    ],
  },
];

export function rowSchemaSpec(name: string, open: () => RawRows): void {
  describe(`row schema spec: ${name}`, () => {
    for (const kind of KINDS)
      for (const [what, edit, names] of kind.edits)
        it(`${kind.name}, ${what}: every read is store_row_invalid naming the row and the field`, () => {
          const raw = open();
          kind.write(raw.stores);
          for (const read of kind.reads) expect(refusal(() => read(raw.stores))).toBe("read");
          editRows(raw, kind.table, edit);
          for (const read of kind.reads)
            expect(refusal(() => read(raw.stores))).toMatch(new RegExp(`^store_row_invalid: ${names.source}`));
        });
  });
}
