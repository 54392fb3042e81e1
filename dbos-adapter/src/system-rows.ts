/**
 * What DBOS keeps for an engine context's workflows in its own system schema (@dbos-inc/dbos-sdk 5.3.0:
 * `workflow_status` and `workflow_input` hold a workflow's inputs, `operation_outputs` each step's output,
 * `notifications` the messages, `workflow_events` and `workflow_events_history` the events, `streams`,
 * `workflow_output`): every row of every table of the run's schema, as `row_to_json` writes it, a table
 * that names workflows read for the context's own (its id prefix), any other table whole. The engine hands
 * it over as `storageSnapshot`, so the secret canary reads DBOS's bytes as it reads the contract's stores.
 */
import { openDatabase } from "../../durable/index.js";

/** The columns by which DBOS's tables name the workflow a row belongs to. */
const WORKFLOW_COLUMNS = ["workflow_uuid", "destination_uuid"] as const;

export function systemRows(url: string, schema: string, prefix: string): string[] {
  const opened = openDatabase({ kind: "postgres", url });
  if (!opened.ok) throw opened.error;
  const db = opened.value;
  try {
    const tables = db.query(
      "SELECT table_name AS name, array_agg(column_name::text) AS columns FROM information_schema.columns WHERE table_schema = ? GROUP BY table_name",
      [schema],
    ).rows as readonly { name: string; columns: readonly string[] }[];
    return tables.flatMap(({ name, columns }) => {
      const by = WORKFLOW_COLUMNS.find((c) => columns.includes(c));
      const rows = db.query(
        `SELECT row_to_json(t)::text AS row FROM "${schema}"."${name}" t${by === undefined ? "" : ` WHERE t.${by} LIKE ?`}`,
        by === undefined ? [] : [`${prefix}%`],
      ).rows;
      return rows.map((r) => String(r["row"]));
    });
  } finally {
    db.close();
  }
}
