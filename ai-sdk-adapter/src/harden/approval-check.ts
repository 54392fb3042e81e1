/**
 * `approval_check`: a person's answer is decided by the contract's one function, `approve`, against the
 * request the view shows pending (its nonce is the SDK's approvalId): the token must be signed by the
 * server's secret and bound to that tool, those arguments, this session and an unexpired time, and its
 * nonce is spent once in the nonce store, which no history rewinds. Only then does it become the
 * SDK's tool-approval-response for that one request; a refused answer changes nothing in the history.
 */
import type { ToolApprovalResponse } from "ai";
import { approve, assertNever } from "../../../contract/index.js";
import { EngineUsageError } from "../../../runtime/index.js";
import { approvalIdsOf } from "../messages.js";
import { projectNative, type NativeSession } from "../projection.js";
import type { LayerDeps } from "./pieces.js";
import type { LayerTrace } from "./trace.js";

export const checkedAnswer =
  (deps: LayerDeps, trace: LayerTrace) =>
  (session: NativeSession, input: unknown): ToolApprovalResponse | null => {
    const state = projectNative(session);
    if (state.status !== "approval_required")
      throw new EngineUsageError("approval_not_pending", `no approval request is open (${state.status})`);
    const { pending_approval: pending, session_id, step } = state;
    const detail = { tool: pending.tool, args_digest: pending.args_digest, idempotency_key: pending.idempotency_key };
    // The session's used approvals: the requests of this history whose nonce the contract has spent.
    const used_approvals = approvalIdsOf(session.messages).filter((id) => deps.nonces.has(id));
    const decision = approve(
      { nonces: deps.nonces, secret: deps.secret },
      { ...state, used_approvals },
      input,
      deps.clock.now(),
    );
    switch (decision.type) {
      case "approval_refused":
        trace(session_id, step, "approval_refused", state.status, { ...detail, reason: decision.failure.code });
        return null;
      case "approval_declined":
        trace(session_id, step, "approval_declined", state.status, { ...detail, reason: "approval_declined" });
        return {
          type: "tool-approval-response",
          approvalId: pending.nonce,
          approved: false,
          reason: "approval_declined",
        };
      case "approval_accepted":
        trace(session_id, step, "approval_accepted", state.status, detail);
        return { type: "tool-approval-response", approvalId: pending.nonce, approved: true };
      default:
        return assertNever(decision);
    }
  };
