/**
 * Large tool outputs in the database. Refs are content addresses, so writing one twice is a no-op,
 * and a body read back is checked against its address: an edited or swapped body is `store_tampered`.
 */
import { sha256Hex, type ArtifactStore } from "../../contract/index.js";
import type { SqlConnection } from "../sql/connection.js";
import { column, SqlText } from "../sql/rows.js";
import { tampered } from "./row-seal.js";

/** The refs the contract makes (`toMessageContent`): the SHA-256 of the body. */
const CONTENT_ADDRESS = /^artifact:sha256:([0-9a-f]{64})$/;

export function createSqlArtifactStore(db: SqlConnection, scope: string): ArtifactStore {
  return {
    put: (ref, body) =>
      void db.query("INSERT INTO artifacts (scope, ref, body) VALUES (?, ?, ?) ON CONFLICT (scope, ref) DO NOTHING", [
        scope,
        ref,
        body,
      ]),
    get: (ref) => {
      const row = db.query("SELECT body FROM artifacts WHERE scope = ? AND ref = ?", [scope, ref]).rows[0];
      if (row === undefined) return undefined;
      const where = { store: db.label, row: `artifact ${scope}/${ref}` };
      const body = column(SqlText, row, "body", where);
      const address = CONTENT_ADDRESS.exec(ref)?.[1];
      if (address !== undefined && sha256Hex(body) !== address)
        throw tampered(where, "does not match its content address");
      return body;
    },
  };
}
