/** The hardening layer: the contract applied to a team's OpenAI Agents SDK agent through the SDK's own extension points. */
export { applyAnswer, checkAnswer, pendingCallId } from "./approval.js";
export type { SdkAnswer } from "./approval.js";
export { guardedExecutor } from "../../../runtime/index.js";
export type { GuardedExecutor } from "../../../runtime/index.js";
export { plannerModel } from "./model.js";
export { BACKED_UP_BY, HARDENING_PIECES, isOn } from "./pieces.js";
export type { HardeningOptions, HardeningPiece } from "./pieces.js";
export { keepRunState, openRunState, sdkInput } from "./state.js";
export type { RunStateStore, SealedRunState } from "./state.js";
export { hardenTool } from "./tool.js";
export type { ToolHooks } from "./tool.js";
