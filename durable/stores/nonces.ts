/**
 * Used approval nonces on SQLite or Postgres, beside the ledger and outside every checkpoint
 * history. `claim` is one `INSERT … ON CONFLICT DO NOTHING` on the primary key (scope, nonce): the
 * database lets exactly one insert of a nonce through, whichever process sends it first (SQLite
 * serialises writers; Postgres makes the second insert wait for the first and then do nothing),
 * so a token is spent once across every worker and every restart. Each row is sealed under the
 * store key with its scope and nonce (`row-seal.ts`); a row found that fails is `store_tampered`.
 */
import type { NonceStore } from "../../contract/index.js";
import type { SqlConnection } from "../sql/connection.js";
import { column, SqlInteger, SqlText } from "../sql/rows.js";
import type { RowSeals } from "./row-seal.js";

export function createSqlNonceStore(db: SqlConnection, scope: string, seals: RowSeals): NonceStore {
  const place = (nonce: string) => ["nonces", scope, nonce];
  const text = (session_id: string, at: number) => JSON.stringify([session_id, at]);
  /** Whether the nonce's row is there, once its seal holds. */
  const found = (nonce: string): boolean => {
    const row = db.query("SELECT session_id, at, seal FROM nonces WHERE scope = ? AND nonce = ?", [scope, nonce])
      .rows[0];
    if (row === undefined) return false;
    const where = { store: db.label, row: `nonce ${scope}/${nonce}` };
    const body = text(column(SqlText, row, "session_id", where), column(SqlInteger, row, "at", where));
    seals.check(place(nonce), body, row["seal"], where);
    return true;
  };
  return {
    claim(nonce, session_id, at) {
      const inserted = db.query(
        "INSERT INTO nonces (scope, nonce, session_id, at, seal) VALUES (?, ?, ?, ?, ?) ON CONFLICT (scope, nonce) DO NOTHING",
        [scope, nonce, session_id, at, seals.seal(place(nonce), text(session_id, at))],
      );
      if (inserted.changes === 1) return true;
      // Spent already, by a row this harness wrote: one put there by hand is not an answer.
      found(nonce);
      return false;
    },
    has: found,
  };
}
