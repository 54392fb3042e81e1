/**
 * Append-only logs in one table: checkpoints (one stream per session), graph checkpoints (one per
 * thread) and the trace (one per session). A record's position is the next number of its stream,
 * computed by the database inside the appending transaction while it holds the stream
 * (`serialize`), so writers in several processes take turns instead of colliding on a position;
 * a crash either committed a record or left no trace of it, so a torn write never makes a log
 * unreadable.
 */
import { StoreError } from "../errors.js";
import { serialize, type Row, type SqlConnection } from "../sql/connection.js";
import { column, SqlInteger, type RowContext } from "../sql/rows.js";

export type LogName = "checkpoints" | "graph" | "trace";

/** The text field of a stream's last record a compare-and-set append expects, and the value (null: no record yet). */
export type AppendAfter = { readonly field: string; readonly value: string | null };

export type SqlLog<T> = {
  /**
   * Appends `records` in order; with `after`, only while the stream's last record still has that
   * field value, else nothing is written and the append is `session_busy` (another writer went first).
   */
  append(stream: string, records: readonly T[], after?: AppendAfter): void;
  list(stream: string): readonly T[];
  latest(stream: string): T | undefined;
  count(stream: string): number;
};

export function createSqlLog<T>(
  db: SqlConnection,
  scope: string,
  log: LogName,
  read: (body: unknown, stream: string, where: RowContext) => T,
): SqlLog<T> {
  const where = (stream: string, n?: number): RowContext => ({
    store: db.label,
    row: `${log} ${scope}/${stream}${n === undefined ? "" : `#${n}`}`,
  });
  const decode = (stream: string) => (row: Row) =>
    read(row["body"], stream, where(stream, column(SqlInteger, row, "n", where(stream))));
  const key = "scope = ? AND log = ? AND stream = ?";
  const lastField = (stream: string, field: string): string | null => {
    // Read by the database from the body's text: no schema check of a record this append only compares with.
    const extract = db.dialect === "postgres" ? "(body::json)->>(?::text)" : "json_extract(body, '$.' || ?)";
    const rows = db.query(`SELECT ${extract} AS f FROM log_records WHERE ${key} ORDER BY n DESC LIMIT 1`, [
      field,
      scope,
      log,
      stream,
    ]).rows;
    return rows[0] === undefined ? null : String(rows[0]["f"]);
  };
  return {
    append: (stream, records, after) =>
      records.length === 0
        ? undefined
        : db.transaction(() => {
            // Appends to one stream take turns, so each one's position is the one after the last committed.
            serialize(db, `log_records/${scope}/${log}/${stream}`);
            if (after !== undefined && lastField(stream, after.field) !== after.value)
              throw new StoreError("session_busy", db.label, `${where(stream).row}: another writer appended first`);
            for (const record of records)
              db.query(
                `INSERT INTO log_records (scope, log, stream, n, body)
                 SELECT ?, ?, ?, COALESCE(MAX(n), 0) + 1, ? FROM log_records WHERE ${key}`,
                [scope, log, stream, JSON.stringify(record), scope, log, stream],
              );
          }),
    list: (stream) =>
      db
        .query(`SELECT n, body FROM log_records WHERE ${key} ORDER BY n`, [scope, log, stream])
        .rows.map(decode(stream)),
    latest: (stream) => {
      const rows = db.query(`SELECT n, body FROM log_records WHERE ${key} ORDER BY n DESC LIMIT 1`, [
        scope,
        log,
        stream,
      ]).rows;
      return rows[0] === undefined ? undefined : decode(stream)(rows[0]);
    },
    count: (stream) => {
      const row = db.query(`SELECT COUNT(*) AS c FROM log_records WHERE ${key}`, [scope, log, stream]).rows[0];
      return row === undefined ? 0 : column(SqlInteger, row, "c", where(stream));
    },
  };
}
