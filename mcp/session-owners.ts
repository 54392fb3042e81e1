/**
 * Who may act in a harness session, and read its trace and artifacts, when many clients share one
 * server (Streamable HTTP). A session belongs to the MCP session that first named it (its own
 * connection session is claimed when it opens); an artifact belongs to the sessions whose answers
 * carried it. Ownership lives as long as the server: a session closed or expired keeps its claim,
 * so nobody else can take it over. Stdio and the page have one client and pass no owners.
 */

/** The reason code of every refusal to act in, or read, a session another MCP session owns. */
export const SESSION_FORBIDDEN = "session_forbidden";

export type SessionOwners = {
  /** Makes `owner` the owner of an unclaimed session; false when another owner holds it. */
  claim(session_id: string, owner: string): boolean;
  /** Whether `owner` may read the session's trace: it is the owner, or nobody has claimed it. */
  mayRead(session_id: string, owner: string): boolean;
  /** Records that an answer in `session_id` carried the artifact `uri`. */
  attribute(uri: string, session_id: string): void;
  /** Whether `owner` may read the artifact: no session carried it, or one of `owner`'s did. */
  mayReadArtifact(uri: string, owner: string): boolean;
};

/** What one connection is: its owner name and the server's shared owners. */
export type SessionAccess = { readonly owner: string; readonly owners: SessionOwners };

export function createSessionOwners(): SessionOwners {
  const ownerOf = new Map<string, string>();
  const carriers = new Map<string, Set<string>>();
  return {
    claim(session_id, owner) {
      const found = ownerOf.get(session_id);
      if (found === undefined) ownerOf.set(session_id, owner);
      return found === undefined || found === owner;
    },
    mayRead(session_id, owner) {
      const found = ownerOf.get(session_id);
      return found === undefined || found === owner;
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

/** The words of a refusal, the same for a call and a read. */
export function forbiddenMessage(what: string): string {
  return `${SESSION_FORBIDDEN}: ${what} belongs to another MCP session`;
}
