/**
 * approval_check: a person's answer is the contract's to decide (token bound to tool, arguments,
 * session and expiry; the pending call's nonce spent once, by the driver) before it becomes
 * Mastra's own approveToolCallGenerate or declineToolCallGenerate of the suspended call. Off, the
 * answer goes to Mastra as it came, as the native engine takes it.
 */
import type { AgentState, ApprovalInput } from "../../../contract/index.js";
import type { Driver } from "../../../runtime/index.js";
import { answerOf } from "./calls.js";
import { isOn, type HardeningOptions } from "./pieces.js";

export type MastraDecision = "approve" | "decline";

/** The contract's decision on `input` for the call `toolCallId` waits on; null when it refused the answer. */
export function checkAnswer(
  driver: Driver,
  before: AgentState,
  toolCallId: string,
  input: ApprovalInput,
  at: number,
  options: HardeningOptions,
): MastraDecision | null {
  if (before.status !== "approval_required") return null;
  if (!isOn(options, "approval_check")) return input.kind === "decline" ? "decline" : "approve";
  driver.dispatch({ type: "approval/submitted", input, at });
  const after = driver.state() ?? before;
  if (after.status === "approval_required" && after.pending_approval.nonce === before.pending_approval.nonce)
    return null;
  return answerOf(after, toolCallId)?.status === "declined" ? "decline" : "approve";
}
