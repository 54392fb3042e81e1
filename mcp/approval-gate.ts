/**
 * The approval gate of a high-risk `tools/call`. Without a token the call becomes the session's
 * pending call; with one, the contract's `verifyApprovalToken` checks it against that pending
 * call, and the request must restate exactly that call. Each refusal has the contract's code.
 */
import {
  approvePending,
  DEFAULT_APPROVAL_TTL_MS,
  err,
  ok,
  verifyApprovalToken,
  type ApprovalFailure,
  type PendingApproval,
  type Result,
  type ValidatedCall,
} from "../handwritten/contract/index.js";
import type { McpSession } from "./sessions.js";

/** The pending call a request without a token leaves in its session, replacing any earlier one. */
export function pendingFor(call: ValidatedCall, idempotency_key: string, nonce: string, now: number): PendingApproval {
  return { tool: call.tool, args: call.args, args_digest: call.args_digest, idempotency_key, nonce, requested_at: now };
}

/**
 * Checks a token for the call in this request. Locally a token approves the pending call and
 * the engine runs that call; here the host restates the call, so a restated call that is not
 * the pending one is refused as the token approving another tool, other arguments, or (for a
 * different idempotency key) a call that is not pending.
 */
export function checkApproval(
  token: string,
  call: ValidatedCall,
  session: McpSession,
  secret: string,
  now: number,
): Result<PendingApproval, ApprovalFailure> {
  const verdict = verifyApprovalToken(
    token,
    { pending: session.pending, session_id: session.session_id, now, used: session.used_approvals },
    secret,
  );
  if (!verdict.ok) return verdict;
  const pending = session.pending;
  if (pending === null) return err({ code: "approval_not_pending", message: "no call is waiting for approval" });
  if (call.tool !== pending.tool)
    return err({ code: "approval_tool_mismatch", message: `token approves ${pending.tool}, not ${call.tool}` });
  if (call.args_digest !== pending.args_digest)
    return err({ code: "approval_args_mismatch", message: "token approves other arguments" });
  if (call.requested_key !== null && call.requested_key !== pending.idempotency_key) {
    return err({
      code: "approval_not_pending",
      message: "token approves the pending call under another idempotency key",
    });
  }
  return ok(pending);
}

/**
 * A person's approval of a pending call, signed with the server's secret through the contract's
 * `approvePending`: what a host's approval UI (or `mcp/approve-main.ts`) hands back.
 */
export function approve(
  pending: PendingApproval,
  session_id: string,
  secret: string,
  now: number,
  ttlMs: number = DEFAULT_APPROVAL_TTL_MS,
): string {
  return approvePending(pending, session_id, secret, now, ttlMs);
}
