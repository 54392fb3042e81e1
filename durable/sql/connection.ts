/**
 * A synchronous SQL connection: the contract's store interfaces are synchronous (the reducer's
 * runner and the browser page call them without awaiting), so both databases are reached through
 * this one shape. SQLite (better-sqlite3) is synchronous already; Postgres is made so by a worker
 * thread (postgres.ts). The stores are written once over it.
 */
export type SqlValue = string | number | null;
export type Row = Readonly<Record<string, unknown>>;
export type Dialect = "sqlite" | "postgres";

export type QueryResult = { readonly rows: readonly Row[]; readonly changes: number };

export interface SqlConnection {
  readonly dialect: Dialect;
  /** The store as errors name it: `sqlite:PATH` or `postgres://host:port/db`, never a password. */
  readonly label: string;
  /** One statement with `?` placeholders. */
  query(sql: string, params?: readonly SqlValue[]): QueryResult;
  /**
   * Runs `body` in one write transaction: SQLite takes the database's write lock at BEGIN
   * (IMMEDIATE), so transactions of several processes run one after the other; on Postgres,
   * rows are locked as they are read `FOR UPDATE`. A nested call joins the outer transaction.
   */
  transaction<T>(body: () => T): T;
  /**
   * Runs `effect` once the current transaction has committed (at once outside a transaction), and
   * never when it rolls back: for a write outside the database that must never name a row the
   * database did not keep (the spent-nonce journal).
   */
  afterCommit(effect: () => void): void;
  close(): void;
}

/** `SELECT … FOR UPDATE` on Postgres; SQLite's write transaction already holds the whole database. */
export function forUpdate(dialect: Dialect): string {
  return dialect === "postgres" ? " FOR UPDATE" : "";
}

/**
 * Makes the rest of the current transaction wait for any other transaction that called this with
 * the same name, until that one ends: Postgres holds a transaction-scoped advisory lock on the
 * name's 64-bit hash (names that share a hash only wait for each other needlessly); SQLite's
 * write transaction already holds the whole database.
 */
export function serialize(db: SqlConnection, name: string): void {
  if (db.dialect === "postgres") db.query("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", [name]);
}

/**
 * Runs `body` once inside BEGIN … COMMIT, rolling back when it throws; nested calls join. Effects
 * registered with `afterCommit` during the transaction run after its COMMIT, and are dropped on a
 * rollback.
 */
export function createTransactor(
  begin: () => void,
  commit: () => void,
  rollback: () => void,
): Pick<SqlConnection, "transaction" | "afterCommit"> {
  let depth = 0;
  let committed: (() => void)[] = [];
  const transaction = <T>(body: () => T): T => {
    if (depth > 0) return body();
    begin();
    depth = 1;
    committed = [];
    try {
      const result = body();
      commit();
      depth = 0;
      const effects = committed;
      committed = [];
      for (const effect of effects) effect();
      return result;
    } catch (error) {
      if (depth > 0) {
        try {
          rollback();
        } catch {
          // The connection is gone; the server rolled the transaction back itself.
        }
      }
      throw error;
    } finally {
      depth = 0;
      committed = [];
    }
  };
  const afterCommit = (effect: () => void) => {
    if (depth > 0) committed.push(effect);
    else effect();
  };
  return { transaction, afterCommit };
}
