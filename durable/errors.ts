/**
 * What can go wrong with a store, named once. Opening a store answers a `Result`; a store that
 * fails in the middle of a run (its server went away, a row no longer reads) throws a
 * `StoreError`, which ends the operation like a crash: nothing after it was recorded.
 */
export type StoreErrorCode =
  /** `--store` or AGENT_HARNESS_STORE is not `memory`, `sqlite:PATH` or `postgres:URL`. */
  | "store_bad_spec"
  /** No server answers at the URL. */
  | "store_unreachable"
  /** The server refused the user or password. */
  | "store_auth_failed"
  /** The file is not a SQLite database (corrupt, or some other file). */
  | "store_not_a_database"
  /** A database that holds other tables and not this harness's schema. */
  | "store_foreign"
  /** The database was written by a newer version of the harness. */
  | "store_schema_future"
  /** A row read back does not have the shape it was written with. */
  | "store_row_invalid"
  /**
   * Another writer held the session (or, on SQLite, the database) longer than this one would
   * wait, or won a write this one raced it to: nothing of this operation was written, so it may
   * be retried or reported.
   */
  | "session_busy"
  /** The connection broke or timed out during an operation. */
  | "store_unavailable"
  /** The store is sealed under another key than the one this process holds (`stores/store-key.ts`). */
  | "store_key_mismatch"
  /**
   * The database lacks approval nonces that the spent-nonce journal outside it records as spent:
   * it was restored from an older copy (`restore-guard.ts`). Refused until the restore is accepted.
   */
  | "store_restored"
  /**
   * The database holds nothing of a scope the spent-nonce journal says was opened: emptied,
   * truncated, its WAL lost, or a new database where the old one was. Refused, never taken as new.
   */
  | "store_truncated"
  /**
   * A row the contract trusts (ledger entry, used nonce, trace event) fails its seal: edited,
   * inserted by hand, or moved to another place (`stores/row-seal.ts`). A checkpoint row that
   * fails is `checkpoint_tampered`, the engines' word for it.
   */
  | "store_tampered";

export class StoreError extends Error {
  static readonly unminifiableName = "StoreError";
  constructor(
    readonly code: StoreErrorCode,
    /** The store, as `sqlite:PATH` or `postgres://host:port/db` (never a password). */
    readonly store: string,
    readonly reason: string,
  ) {
    super(`${code}: ${store}: ${reason}`);
    this.name = StoreError.unminifiableName;
  }
}

export function isStoreError(error: unknown): error is StoreError {
  return error instanceof Error && error.name === StoreError.unminifiableName;
}
