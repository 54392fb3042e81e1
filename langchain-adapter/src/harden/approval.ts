/**
 * approval_check: a person's answer is the contract's to decide (token bound to tool, arguments,
 * session and expiry; the pending call's nonce spent once) before it becomes the decision LangChain's
 * interrupt is resumed with, each waiting call's interrupt answered by its id. Off, the answer goes to
 * LangChain as it came, as the native engine takes it.
 */
import type { AgentState, ApprovalInput } from "../../../contract/index.js";
import { answerTo, checkAnswer as checkWith, inBatch, type Driver, type SdkAnswer } from "../../../runtime/index.js";
import { isOn, type HardeningOptions } from "./pieces.js";
import type { KeptThread } from "./state.js";
import type { ApprovalResume } from "./tool.js";

/** The contract's decision of `input` for the call `before` holds; null when it refused the answer (nothing runs). */
export const checkAnswer = (
  driver: Driver,
  before: AgentState,
  input: ApprovalInput,
  at: number,
  options: HardeningOptions,
): SdkAnswer | null => checkWith(driver, before, input, at, { checked: isOn(options, "approval_check") });

/**
 * The resume of every interrupt the kept thread waits on, by interrupt id: the call just answered takes
 * that answer; a sibling answered earlier takes the contract's (declined or not).
 */
export function resumeOf(
  thread: KeptThread,
  answer: SdkAnswer,
  before: AgentState,
  after: AgentState,
): Record<string, ApprovalResume> {
  const decisionOf = (callId: string) =>
    callId === answer.callId
      ? answer.decision
      : answerTo(after, callId, inBatch(before, callId))?.status === "declined"
        ? "reject"
        : "approve";
  return Object.fromEntries(
    thread.asked.map(({ interruptId, callId }) => [interruptId, { decisions: [{ type: decisionOf(callId) }] }]),
  );
}
