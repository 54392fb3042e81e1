/**
 * SQLite through better-sqlite3: one database file in WAL mode, every commit fsync'ed
 * (`synchronous = FULL`), and a busy timeout so a process waits for another's write transaction
 * instead of failing.
 */
import { createRequire } from "node:module";
import type Database from "better-sqlite3";
import { err, ok, type Result } from "../../contract/index.js";
import { StoreError } from "../errors.js";
import { createTransactor, type SqlConnection } from "./connection.js";

const BUSY_TIMEOUT_MS = 30_000;

/**
 * The driver, loaded when a database is first opened: a process on the memory stores (compare,
 * the bench, most tests) never loads the native module. It is CommonJS, so `require` loads it synchronously.
 */
let driver: typeof Database | null = null;
const sqliteDriver = (): typeof Database =>
  (driver ??= createRequire(import.meta.url)("better-sqlite3") as typeof Database);

export function openSqlite(path: string): Result<SqlConnection, StoreError> {
  const label = `sqlite:${path}`;
  let db: Database.Database;
  try {
    const Driver = sqliteDriver();
    db = new Driver(path, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    return err(new StoreError("store_unreachable", label, messageOf(error)));
  }
  try {
    // The first statement reads the header: a file that is not a database fails here.
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    // A damaged page elsewhere than the header would otherwise pass until a query reads it, and
    // the rows it held would simply be missing: refuse the file whole, at open.
    const check = db.pragma("quick_check", { simple: true });
    if (check !== "ok") throw Object.assign(new Error(`integrity check: ${String(check)}`), { code: "SQLITE_CORRUPT" });
  } catch (error) {
    db.close();
    return err(toStoreError(error, label));
  }
  const run = (sql: string) => {
    try {
      db.exec(sql);
    } catch (error) {
      throw toStoreError(error, label);
    }
  };
  // Prepared once per SQL text: the stores send the same few statements over and over, and
  // preparing each time was a tenth of a ledger call. Bounded, for a caller that builds SQL freely.
  const statements = new Map<string, Database.Statement<unknown[]>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const connection: SqlConnection = {
    dialect: "sqlite",
    label,
    query(sql, params = []) {
      try {
        const statement = prepared(sql);
        if (statement.reader) return { rows: statement.all(...params) as Record<string, unknown>[], changes: 0 };
        return { rows: [], changes: statement.run(...params).changes };
      } catch (error) {
        throw toStoreError(error, label);
      }
    },
    ...createTransactor(
      () => run("BEGIN IMMEDIATE"),
      () => run("COMMIT"),
      () => run("ROLLBACK"),
    ),
    close: () => db.close(),
  };
  return ok(connection);
}

const MAX_STATEMENTS = 256;

function toStoreError(error: unknown, label: string): StoreError {
  const code = (error as { code?: unknown }).code;
  if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT")
    return new StoreError("store_not_a_database", label, messageOf(error));
  // Another process kept its write transaction past the busy timeout.
  if (code === "SQLITE_BUSY") return new StoreError("session_busy", label, messageOf(error));
  return new StoreError("store_unavailable", label, messageOf(error));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
