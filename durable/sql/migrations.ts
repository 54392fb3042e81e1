/**
 * The schema, as numbered migrations applied in order inside one transaction. The same DDL runs
 * on SQLite and Postgres: every record is a JSON text body under the keys it is looked up by.
 * A database whose version is newer than the last migration here is refused, never written.
 */
import { err, ok, type Result } from "../../contract/index.js";
import { StoreError } from "../errors.js";
import type { SqlConnection } from "./connection.js";

export const SCHEMA_TABLE = "harness_schema";

/** `MIGRATIONS[i]` takes the schema from version i to i + 1. */
export const MIGRATIONS: readonly (readonly string[])[] = [
  [
    `CREATE TABLE ${SCHEMA_TABLE} (version INTEGER NOT NULL)`,
    `INSERT INTO ${SCHEMA_TABLE} (version) VALUES (0)`,
    "CREATE TABLE ledger (scope TEXT NOT NULL, key TEXT NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (scope, key))",
    // Checkpoints, graph checkpoints and trace events: append-only logs, one stream per session or thread.
    `CREATE TABLE log_records (scope TEXT NOT NULL, log TEXT NOT NULL, stream TEXT NOT NULL, n INTEGER NOT NULL,
       body TEXT NOT NULL, PRIMARY KEY (scope, log, stream, n))`,
    "CREATE TABLE artifacts (scope TEXT NOT NULL, ref TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (scope, ref))",
    "CREATE TABLE worlds (scope TEXT NOT NULL PRIMARY KEY, data TEXT NOT NULL)",
  ],
  [
    // Used approval nonces (NonceStore); `at` is epoch milliseconds, past a 32-bit INTEGER on Postgres.
    `CREATE TABLE nonces (scope TEXT NOT NULL, nonce TEXT NOT NULL, session_id TEXT NOT NULL, at BIGINT NOT NULL,
       PRIMARY KEY (scope, nonce))`,
  ],
  [
    // The row seals (stores/row-seal.ts). Rows written before this version have none: they are refused, never trusted.
    "ALTER TABLE ledger ADD COLUMN seal TEXT",
    "ALTER TABLE log_records ADD COLUMN seal TEXT",
    "ALTER TABLE nonces ADD COLUMN seal TEXT",
  ],
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Every table whose rows belong to a scope: together, all a scope's state (the secret columns read them all). */
export const SCOPED_TABLES = ["ledger", "log_records", "artifacts", "worlds", "nonces"] as const;

/** Every row of `scope`, each as the JSON of its columns. */
export function scopeRows(db: SqlConnection, scope: string): string[] {
  return SCOPED_TABLES.flatMap((table) =>
    db.query(`SELECT * FROM ${table} WHERE scope = ?`, [scope]).rows.map((row) => JSON.stringify(row)),
  );
}

/** The tables this harness creates; a database holding some of them but no schema table is not ours. */
const OWN_TABLES = ["ledger", "log_records", "artifacts", "worlds", "nonces"];

/** Brings the database to `SCHEMA_VERSION`, or says why it cannot. */
export function migrate(connection: SqlConnection): Result<number, StoreError> {
  try {
    return connection.transaction(() => {
      // Two processes opening a new Postgres database at once must not both create the tables.
      if (connection.dialect === "postgres") connection.query("SELECT pg_advisory_xact_lock(1316)");
      const found = currentVersion(connection);
      if (!found.ok) return found;
      if (found.value > SCHEMA_VERSION)
        return err(
          new StoreError(
            "store_schema_future",
            connection.label,
            `schema version ${found.value} is newer than this harness's ${SCHEMA_VERSION}`,
          ),
        );
      for (let version = found.value; version < SCHEMA_VERSION; version += 1) {
        for (const statement of MIGRATIONS[version]!) connection.query(statement);
        connection.query(`UPDATE ${SCHEMA_TABLE} SET version = ?`, [version + 1]);
      }
      return ok(SCHEMA_VERSION);
    });
  } catch (error) {
    if (error instanceof StoreError) return err(error);
    throw error;
  }
}

function currentVersion(connection: SqlConnection): Result<number, StoreError> {
  const tables = listTables(connection);
  if (!tables.includes(SCHEMA_TABLE)) {
    const foreign = connection.dialect === "sqlite" ? tables : tables.filter((t) => OWN_TABLES.includes(t));
    if (foreign.length === 0) return ok(0);
    return err(
      new StoreError("store_foreign", connection.label, `holds tables ${foreign.join(", ")} and no ${SCHEMA_TABLE}`),
    );
  }
  const rows = connection.query(`SELECT version FROM ${SCHEMA_TABLE}`).rows;
  const version = rows.length === 1 ? Number(rows[0]!["version"]) : NaN;
  if (!Number.isInteger(version) || version < 0)
    return err(new StoreError("store_foreign", connection.label, `${SCHEMA_TABLE} holds no single version`));
  return ok(version);
}

function listTables(connection: SqlConnection): string[] {
  const sql =
    connection.dialect === "sqlite"
      ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
      : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()";
  return connection.query(sql).rows.map((row) => String(row["name"]));
}
