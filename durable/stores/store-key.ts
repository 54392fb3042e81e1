/**
 * Which key a store's records are sealed under. The first process to use a scope records the id of
 * its key there (a short digest, never the key); a process holding another key is refused with
 * `store_key_mismatch`, naming both ids. A changed or lost key is then told apart from tampered
 * rows, which open under the right key and fail their seal (`checkpoint_tampered`).
 */
import { err, ok, sha256Hex, type Result } from "../../contract/index.js";
import { isStoreError, StoreError } from "../errors.js";
import type { SqlConnection } from "../sql/connection.js";

/** The name of a key in messages and in the store: 12 hex digits of a labelled SHA-256 of it. */
export function keyIdOf(secret: string): string {
  return `key-${sha256Hex(`agent-harness key id\n${secret}`).slice(0, 12)}`;
}

// One row of the scope's logs (no migration): the log `store_key`, stream '', position 1.
const WHERE = "scope = ? AND log = 'store_key' AND stream = '' AND n = 1";

/** Records `keyId` as the scope's key when it has none yet, then checks the scope's key is `keyId`. */
export function claimStoreKey(db: SqlConnection, scope: string, keyId: string): Result<void, StoreError> {
  try {
    // Two first processes at once: one insert wins, and the other compares against the winner's.
    db.query(
      "INSERT INTO log_records (scope, log, stream, n, body) VALUES (?, 'store_key', '', 1, ?) ON CONFLICT DO NOTHING",
      [scope, JSON.stringify({ key_id: keyId })],
    );
    const body = db.query(`SELECT body FROM log_records WHERE ${WHERE}`, [scope]).rows[0]?.["body"];
    const held = keyIdIn(body);
    if (held === undefined)
      return err(new StoreError("store_row_invalid", db.label, `store_key ${scope}: not a key id record`));
    if (held === keyId) return ok(undefined);
    return err(
      new StoreError(
        "store_key_mismatch",
        db.label,
        `scope ${scope} is sealed under key ${held}, and this process holds key ${keyId}`,
      ),
    );
  } catch (error) {
    if (isStoreError(error)) return err(error);
    throw error;
  }
}

function keyIdIn(body: unknown): string | undefined {
  try {
    const record = JSON.parse(String(body)) as { key_id?: unknown };
    return typeof record.key_id === "string" ? record.key_id : undefined;
  } catch {
    return undefined;
  }
}
