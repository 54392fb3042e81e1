/**
 * approval_check, the framework-independent half: a person's answer is the contract's to decide
 * (token bound to tool, arguments, session and expiry; the pending call's nonce spent once, by the
 * driver's `approve`) before it becomes the framework's own approve or reject of the one call it
 * answers, found by the framework's call id. Off, the answer goes to the framework as it came.
 */
import type { AgentState, ApprovalInput } from "../contract/index.js";
import type { Driver } from "./driver.js";
import { answerTo, inBatch, sdkIdOf } from "./framework-turn.js";

/** Whether the contract checks a person's answer first (the layer's approval_check piece). */
export type AnswerCheck = { readonly checked: boolean };

/** What the SDK is to do with one interruption: its call id and the answer. */
export type SdkAnswer = { readonly callId: string; readonly decision: "approve" | "reject" };

/** The SDK call id of the call the contract holds for a person. */
export function pendingCallId(state: AgentState): string | undefined {
  if (state.status !== "approval_required") return undefined;
  const waiting = state.batch?.calls.find(
    (c) => c.phase.kind === "awaiting_approval" && c.phase.nonce === state.pending_approval.nonce,
  );
  return sdkIdOf(state, waiting === undefined ? null : waiting.call_id);
}

/**
 * Decides `input` for the call `before` holds: with approval_check on, the contract's decision
 * (applied through `driver`, which spends the nonce); null when the contract refused the answer
 * (the call still waits, nothing runs).
 */
export function checkAnswer(
  driver: Driver,
  before: AgentState,
  input: ApprovalInput,
  at: number,
  check: AnswerCheck,
): SdkAnswer | null {
  const callId = pendingCallId(before);
  if (callId === undefined || before.status !== "approval_required") return null;
  if (!check.checked) return { callId, decision: input.kind === "decline" ? "reject" : "approve" };
  driver.dispatch({ type: "approval/submitted", input, at });
  const after = driver.state() ?? before;
  if (after.status === "approval_required" && after.pending_approval.nonce === before.pending_approval.nonce)
    return null;
  const declined = answerTo(after, callId, inBatch(before, callId))?.status === "declined";
  return { callId, decision: declined ? "reject" : "approve" };
}
