/**
 * approval_check: a person's answer is the contract's to decide (token bound to tool, arguments,
 * session and expiry; the pending call's nonce spent once, by the driver's `approve`) before it
 * becomes the SDK's own approve or reject of the one interruption it answers, found by call id.
 * Off, the answer goes to the SDK as it came, as the native engine takes it.
 */
import type { Agent, RunState } from "@openai/agents";
import type { AgentState, ApprovalInput } from "../../../contract/index.js";
import type { Driver } from "../../../runtime/index.js";
import { answerTo, inBatch, sdkIdOf } from "../../../runtime/index.js";
import { isOn, type HardeningOptions } from "./pieces.js";

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
  options: HardeningOptions,
): SdkAnswer | null {
  const callId = pendingCallId(before);
  if (callId === undefined || before.status !== "approval_required") return null;
  if (!isOn(options, "approval_check")) return { callId, decision: input.kind === "decline" ? "reject" : "approve" };
  driver.dispatch({ type: "approval/submitted", input, at });
  const after = driver.state() ?? before;
  if (after.status === "approval_required" && after.pending_approval.nonce === before.pending_approval.nonce)
    return null;
  const declined = answerTo(after, callId, inBatch(before, callId))?.status === "declined";
  return { callId, decision: declined ? "reject" : "approve" };
}

/** The SDK's approve or reject of exactly the interruption with that call id; none such is an error, never a fallback. */
export function applyAnswer(state: RunState<unknown, Agent>, answer: SdkAnswer): void {
  const item = state
    .getInterruptions()
    .find((i) => i.rawItem.type === "function_call" && i.rawItem.callId === answer.callId);
  if (item === undefined) throw new Error(`the RunState holds no interruption for call ${answer.callId}`);
  if (answer.decision === "approve") state.approve(item);
  else state.reject(item);
}
