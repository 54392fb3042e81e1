/**
 * Append-only logs in one table: checkpoints (one stream per session), graph checkpoints (one per
 * thread) and the trace (one per session). A record's position is the next number of its stream,
 * read inside the appending transaction while it holds the stream (`serialize`), so writers in
 * several processes take turns instead of colliding on a position; a crash either committed a
 * record or left no trace of it, so a torn write never makes a log unreadable. Each record is
 * sealed with its scope, log, stream and position (`row-seal.ts`): a record edited, copied to
 * another stream or position, or swapped with another fails, and so does a gap in the positions.
 */
import { serialize, type Row, type SqlConnection } from "../sql/connection.js";
import { column, SqlInteger, type RowContext } from "../sql/rows.js";
import { isStoreError, StoreError } from "../errors.js";
import { tampered, type RowSeals } from "./row-seal.js";

export type LogName = "checkpoints" | "graph" | "trace" | "session_owners";

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

export type LogReading<T> = {
  /** The record of a row's body, checked against its schema. */
  readonly read: (body: unknown, stream: string, where: RowContext) => T;
  /** The error for a record that fails its seal (`store_tampered`, or `checkpoint_tampered` for checkpoints). */
  readonly tampered: (error: StoreError, stream: string) => Error;
};

export function createSqlLog<T>(
  db: SqlConnection,
  scope: string,
  log: LogName,
  seals: RowSeals,
  reading: LogReading<T>,
): SqlLog<T> {
  const where = (stream: string, n?: number): RowContext => ({
    store: db.label,
    row: `${log} ${scope}/${stream}${n === undefined ? "" : `#${n}`}`,
  });
  const place = (stream: string, n: number) => ["log_records", scope, log, stream, n];
  const decode = (stream: string, row: Row, expected?: number): T => {
    const n = column(SqlInteger, row, "n", where(stream));
    const at = where(stream, n);
    const record = reading.read(row["body"], stream, at);
    try {
      if (expected !== undefined && n !== expected) throw tampered(where(stream, expected), "is missing");
      seals.check(place(stream, n), row["body"] as string, row["seal"], at);
    } catch (error) {
      throw isStoreError(error) ? reading.tampered(error, stream) : error;
    }
    return record;
  };
  const key = "scope = ? AND log = ? AND stream = ?";
  /**
   * The stream's last position and, when asked, a text field of its last record, in one read: the
   * field is read by the database from the body's text (no schema check of a record this append
   * only compares with).
   */
  const tip = (stream: string, field?: string): { readonly n: number; readonly field: string | null } => {
    const extract = db.dialect === "postgres" ? "(body::json)->>(?::text)" : "json_extract(body, '$.' || ?)";
    const sql = `SELECT n${field === undefined ? "" : `, ${extract} AS f`} FROM log_records WHERE ${key} ORDER BY n DESC LIMIT 1`;
    const row = db.query(sql, [...(field === undefined ? [] : [field]), scope, log, stream]).rows[0];
    if (row === undefined) return { n: 0, field: null };
    return { n: column(SqlInteger, row, "n", where(stream)), field: field === undefined ? null : String(row["f"]) };
  };
  return {
    append: (stream, records, after) =>
      records.length === 0
        ? undefined
        : db.transaction(() => {
            // Appends to one stream take turns, so the last committed position is this one's to follow.
            serialize(db, `log_records/${scope}/${log}/${stream}`);
            const last = tip(stream, after?.field);
            if (after !== undefined && last.field !== after.value)
              throw new StoreError("session_busy", db.label, `${where(stream).row}: another writer appended first`);
            let n = last.n;
            for (const record of records) {
              n += 1;
              const body = JSON.stringify(record);
              db.query("INSERT INTO log_records (scope, log, stream, n, body, seal) VALUES (?, ?, ?, ?, ?, ?)", [
                scope,
                log,
                stream,
                n,
                body,
                seals.seal(place(stream, n), body),
              ]);
            }
          }),
    list: (stream) =>
      db
        .query(`SELECT n, body, seal FROM log_records WHERE ${key} ORDER BY n`, [scope, log, stream])
        .rows.map((row, i) => decode(stream, row, i + 1)),
    latest: (stream) => {
      const rows = db.query(`SELECT n, body, seal FROM log_records WHERE ${key} ORDER BY n DESC LIMIT 1`, [
        scope,
        log,
        stream,
      ]).rows;
      return rows[0] === undefined ? undefined : decode(stream, rows[0]);
    },
    count: (stream) => {
      const row = db.query(`SELECT COUNT(*) AS c FROM log_records WHERE ${key}`, [scope, log, stream]).rows[0];
      return row === undefined ? 0 : column(SqlInteger, row, "c", where(stream));
    },
  };
}
