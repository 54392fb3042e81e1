/** The hardening layer: the contract applied to a team's LangChain createAgent through its own middleware, tools and checkpointer. */
export { plannerChatModel } from "./model.js";
export { BACKED_UP_BY, HARDENING_PIECES, isOn } from "./pieces.js";
export type { HardeningOptions, HardeningPiece } from "./pieces.js";
export { agentInput, keepThread, openThread } from "./state.js";
export type { KeptThread, KeptThreads, SealedThread, ThreadStore } from "./state.js";
export { approvalMiddleware, hardenTool } from "./tool.js";
export type { ToolHooks } from "./tool.js";
export { checkAnswer, resumeOf } from "./approval.js";
export type { ApprovalRequest, ApprovalResume } from "./tool.js";
