/**
 * Who owns each harness session of an HTTP server, kept with the sessions so a restart keeps it:
 * one record per session in the `session_owners` log, sealed like every log record, holding a
 * keyed digest of the owner's credential (never the credential). The first record of a session
 * wins: a second writer's append is `session_busy`. `mcp/session-owners.ts` says what a credential is.
 */
import { z } from "zod";
import type { SqlConnection } from "../sql/connection.js";
import { parseJsonRow } from "../sql/rows.js";
import { createSqlLog } from "./log.js";
import type { RowSeals } from "./row-seal.js";

const OwnerRecordSchema = z.strictObject({ digest: z.string().regex(/^[0-9a-f]{64}$/) });

export type OwnerRecords = {
  /** The digest of the credential that owns `session_id`, if anyone does. */
  digestOf(session_id: string): string | undefined;
  /** Records the owner of an unowned session; false when another owner was recorded first. */
  put(session_id: string, digest: string): boolean;
};

export function createSqlOwnerRecords(db: SqlConnection, scope: string, seals: RowSeals): OwnerRecords {
  const log = createSqlLog(db, scope, "session_owners", seals, {
    read: (text, _session, where) => parseJsonRow(OwnerRecordSchema, text, where),
    tampered: (error) => error,
  });
  return {
    digestOf: (session_id) => log.latest(session_id)?.digest,
    put(session_id, digest) {
      // Only onto an empty stream: the field compared is absent from every record there could be.
      if (log.count(session_id) > 0) return false;
      try {
        log.append(session_id, [{ digest }], { field: "digest", value: null });
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === "session_busy") return false;
        throw error;
      }
    },
  };
}

export function createMemoryOwnerRecords(): OwnerRecords {
  const digests = new Map<string, string>();
  return {
    digestOf: (session_id) => digests.get(session_id),
    put(session_id, digest) {
      if (digests.has(session_id)) return false;
      digests.set(session_id, digest);
      return true;
    },
  };
}
