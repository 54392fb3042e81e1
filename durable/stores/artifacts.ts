/** Large tool outputs in the database. Refs are content addresses, so writing one twice is a no-op. */
import type { ArtifactStore } from "../../contract/index.js";
import type { SqlConnection } from "../sql/connection.js";
import { column, SqlText } from "../sql/rows.js";

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
      return row === undefined
        ? undefined
        : column(SqlText, row, "body", { store: db.label, row: `artifact ${scope}/${ref}` });
    },
  };
}
