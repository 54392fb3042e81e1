/**
 * Per-session state of the MCP server: the call pending approval and the nonces of approval
 * tokens already used, in the contract's own types. A session is named by the host in `_meta`
 * or is the connection's own. Records are plain, readonly data; the store swaps whole records.
 */
import { digest, type PendingApproval } from "../handwritten/contract/index.js";

export type McpSession = {
  readonly session_id: string;
  /** Audit events written for this session. */
  readonly seq: number;
  /** `tools/call` requests received in this session; the step of a derived idempotency key. */
  readonly step: number;
  /** The one call waiting for a person, as in the local engine's `approval_required` state. */
  readonly pending: PendingApproval | null;
  /** Nonces of approval tokens already accepted: a token works once. */
  readonly used_approvals: readonly string[];
};

/** What the audit log reports as the session's status after an event. */
export type McpSessionStatus = "ready" | "approval_required";

export type SessionStore = {
  get(session_id: string): McpSession;
  /** Applies `change` to the current record and stores the result, atomically (no await inside). */
  update(session_id: string, change: (session: McpSession) => McpSession): McpSession;
};

export function emptySession(session_id: string): McpSession {
  return { session_id, seq: 0, step: 0, pending: null, used_approvals: [] };
}

/** In memory, for the life of the server process. */
export function createSessionStore(): SessionStore {
  const sessions = new Map<string, McpSession>();
  const get = (session_id: string) => sessions.get(session_id) ?? emptySession(session_id);
  return {
    get,
    update(session_id, change) {
      const next = change(get(session_id));
      sessions.set(session_id, next);
      return next;
    },
  };
}

export function sessionStatus(session: McpSession): McpSessionStatus {
  return session.pending === null ? "ready" : "approval_required";
}

/** sha256 of the canonical JSON of the record: the audit log's `checkpoint_hash`. */
export function sessionHash(session: McpSession): string {
  return digest(session);
}

/** The session once a token for its pending call is accepted: nothing pending, the nonce spent. */
export function spendApproval(session: McpSession, nonce: string): McpSession {
  return { ...session, pending: null, used_approvals: [...session.used_approvals, nonce] };
}
