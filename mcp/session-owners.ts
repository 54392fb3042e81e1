/**
 * Who may act in a harness session, and read its trace and artifacts, when many clients share one
 * server (Streamable HTTP). A session belongs to the MCP session that first named it (its own
 * connection session is claimed when it opens); an artifact belongs to the sessions whose answers
 * carried it. Stdio and the page have one client and pass no owners.
 *
 * Across restarts: an MCP session id dies with the server, so the first claim of a session also
 * mints an owner credential (32 random bytes), handed to the claiming client once in the answer's
 * `_meta` (`agent-harness/owner`), and records only its keyed digest (HMAC under the server's key,
 * bound to the session id) in the durable store (`durable/stores/session-owners.ts`). A session
 * with a recorded owner is claimed by a later MCP session (after a restart, or a reconnect) only
 * with that credential in the call's `_meta`; without it calls and reads are `session_forbidden`.
 * docs/mcp.md says what this does not cover.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { OwnerRecords } from "../durable/index.js";

export { forbiddenMessage, SESSION_FORBIDDEN } from "./session-access.js";
export type { Claim, SessionAccess, SessionOwners } from "./session-access.js";
import type { SessionOwners } from "./session-access.js";

/** `records`: where owners outlive the process, their digests keyed by `secret` (the server's key). */
export function createSessionOwners(records: OwnerRecords, secret: string): SessionOwners {
  const ownerOf = new Map<string, string>();
  const carriers = new Map<string, Set<string>>();
  const digest = (session_id: string, credential: string) =>
    createHmac("sha256", secret).update(`session-owner\0${session_id}\0${credential}`).digest("hex");
  const proves = (session_id: string, recorded: string, credential: string | null | undefined) =>
    typeof credential === "string" &&
    timingSafeEqual(Buffer.from(digest(session_id, credential), "hex"), Buffer.from(recorded, "hex"));
  return {
    claim(session_id, owner, credential) {
      const found = ownerOf.get(session_id);
      if (found === owner) return { ok: true };
      const recorded = records.digestOf(session_id);
      if (recorded !== undefined) {
        if (!proves(session_id, recorded, credential)) return { ok: false };
        ownerOf.set(session_id, owner);
        return { ok: true };
      }
      if (found !== undefined) return { ok: false };
      const minted = randomBytes(32).toString("hex");
      // Another process on the store may record the session first: then it is theirs.
      if (!records.put(session_id, digest(session_id, minted))) return { ok: false };
      ownerOf.set(session_id, owner);
      return { ok: true, minted };
    },
    mayRead(session_id, owner) {
      const found = ownerOf.get(session_id);
      if (found !== undefined) return found === owner;
      return records.digestOf(session_id) === undefined;
    },
    attribute(uri, session_id) {
      const sessions = carriers.get(uri) ?? new Set<string>();
      sessions.add(session_id);
      carriers.set(uri, sessions);
    },
    mayReadArtifact(uri, owner) {
      const sessions = carriers.get(uri);
      // Content-addressed outputs can be carried by several sessions; any one of the reader's is enough.
      return sessions === undefined || [...sessions].some((session) => ownerOf.get(session) === owner);
    },
  };
}
