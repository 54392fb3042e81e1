/** The Mastra hardening layer: each piece on one of Mastra's own extension points. */
export { checkAnswer, type MastraDecision } from "./approval.js";
export { answerOf, surfacedCalls, waitsOn, waitsOnCall, type SurfacedCall } from "./calls.js";
export { drain, guardedExecutor, live, type GuardedExecutor } from "./execute.js";
export { plannerModel } from "./model.js";
export { BACKED_UP_BY, HARDENING_PIECES, isOn, type HardeningOptions, type HardeningPiece } from "./pieces.js";
export {
  keepSuspendedRun,
  mastraInput,
  openSuspendedRun,
  spendSuspendedRun,
  type SealedRun,
  type SuspendedRun,
  type SuspendedRunStore,
} from "./state.js";
export { hardenTool, type ToolHooks } from "./tool.js";
