/**
 * Append-only logs in one table: checkpoints (one stream per session), graph checkpoints (one per
 * thread) and the trace (one per session). A record's position is the next number of its stream,
 * computed by the database inside the appending transaction while it holds the stream
 * (`serialize`), so writers in several processes take turns instead of colliding on a position;
 * a crash either committed a record or left no trace of it, so a torn write never makes a log
 * unreadable.
 */
import { serialize, type Row, type SqlConnection } from "../sql/connection.js";
import { column, SqlInteger, type RowContext } from "../sql/rows.js";

export type LogName = "checkpoints" | "graph" | "trace";

export type SqlLog<T> = {
  append(stream: string, records: readonly T[]): void;
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
  return {
    append: (stream, records) =>
      records.length === 0
        ? undefined
        : db.transaction(() => {
            // Appends to one stream take turns, so each one's position is the one after the last committed.
            serialize(db, `log_records/${scope}/${log}/${stream}`);
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
