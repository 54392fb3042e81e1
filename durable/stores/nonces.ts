/**
 * Used approval nonces on SQLite or Postgres, beside the ledger and outside every checkpoint
 * history. `claim` is one `INSERT … ON CONFLICT DO NOTHING` on the primary key (scope, nonce): the
 * database lets exactly one insert of a nonce through, whichever process sends it first (SQLite
 * serialises writers; Postgres makes the second insert wait for the first and then do nothing),
 * so a token is spent once across every worker and every restart.
 */
import type { NonceStore } from "../../contract/index.js";
import type { SqlConnection } from "../sql/connection.js";

export function createSqlNonceStore(db: SqlConnection, scope: string): NonceStore {
  return {
    claim: (nonce, session_id, at) =>
      db.query(
        "INSERT INTO nonces (scope, nonce, session_id, at) VALUES (?, ?, ?, ?) ON CONFLICT (scope, nonce) DO NOTHING",
        [scope, nonce, session_id, at],
      ).changes === 1,
    has: (nonce) =>
      db.query("SELECT 1 AS used FROM nonces WHERE scope = ? AND nonce = ?", [scope, nonce]).rows.length > 0,
  };
}
