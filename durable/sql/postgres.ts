/**
 * Postgres through `pg`, made synchronous by a worker thread that owns the client (postgres-bridge.ts).
 * One connection per store, so a transaction's statements run in order on it. Opening connects and runs one
 * query, so an unreachable server or a refused password is known before anything is written.
 */
import { err, ok, type Result } from "../../contract/index.js";
import { StoreError, type StoreErrorCode } from "../errors.js";
import { createTransactor, type SqlConnection, type SqlValue } from "./connection.js";
import { openBridge } from "./postgres-bridge.js";

export type PostgresOptions = {
  /** @default 5000 */
  readonly connectTimeoutMs?: number;
  /** How long one statement may take, lock waits included. @default 30000 */
  readonly statementTimeoutMs?: number;
};

export function openPostgres(
  url: string,
  label: string,
  options: PostgresOptions = {},
): Result<SqlConnection, StoreError> {
  const bridge = openBridge({
    url,
    connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    statementTimeoutMs: options.statementTimeoutMs ?? 30_000,
  });
  const query = (sql: string, params: readonly SqlValue[] = []) => {
    const reply = bridge.call({ kind: "query", sql: numbered(sql), params });
    if (!reply.ok) throw new StoreError(codeOf(reply.code), label, reply.message);
    return { rows: reply.rows, changes: reply.changes };
  };
  const close = () => bridge.close();
  try {
    query("SELECT 1");
  } catch (error) {
    close();
    return err(error as StoreError);
  }
  return ok({
    dialect: "postgres",
    label,
    query,
    ...createTransactor(
      () => query("BEGIN"),
      () => query("COMMIT"),
      () => query("ROLLBACK"),
    ),
    close,
  });
}

/** `?` placeholders become `$1`, `$2`, …; the stores' SQL has no `?` inside literals. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function codeOf(code: string | null): StoreErrorCode {
  if (code === "28P01" || code === "28000") return "store_auth_failed";
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EHOSTUNREACH" || code === "3D000")
    return "store_unreachable";
  // Lock wait given up, deadlock, serialization failure, or a key another writer inserted first.
  if (code === "55P03" || code === "40P01" || code === "40001" || code === "23505") return "session_busy";
  return "store_unavailable";
}
