/**
 * approval_check: a person's answer is the contract's to decide (token bound to tool, arguments,
 * session and expiry; the pending call's nonce spent once, by the driver's `approve`) before it
 * becomes the SDK's own approve or reject of the one interruption it answers, found by call id.
 * Off, the answer goes to the SDK as it came, as the native engine takes it.
 */
import type { Agent, RunState } from "@openai/agents";
import { checkAnswer as checkWith, type SdkAnswer } from "../../../runtime/index.js";
import type { AgentState, ApprovalInput } from "../../../contract/index.js";
import type { Driver } from "../../../runtime/index.js";
import { isOn, type HardeningOptions } from "./pieces.js";

export { pendingCallId, type SdkAnswer } from "../../../runtime/index.js";

/** The contract's decision of `input`, with approval_check as `options` say. */
export const checkAnswer = (
  driver: Driver,
  before: AgentState,
  input: ApprovalInput,
  at: number,
  options: HardeningOptions,
): SdkAnswer | null => checkWith(driver, before, input, at, { checked: isOn(options, "approval_check") });

/** The SDK's approve or reject of exactly the interruption with that call id; none such is an error, never a fallback. */
export function applyAnswer(state: RunState<unknown, Agent>, answer: SdkAnswer): void {
  const item = state
    .getInterruptions()
    .find((i) => i.rawItem.type === "function_call" && i.rawItem.callId === answer.callId);
  if (item === undefined) throw new Error(`the RunState holds no interruption for call ${answer.callId}`);
  if (answer.decision === "approve") state.approve(item);
  else state.reject(item);
}
