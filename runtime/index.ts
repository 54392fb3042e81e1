export {
  BATCH_EXECUTIONS,
  ENGINE_ERROR_CODES,
  EngineUsageError,
  engineContextOf,
  layerOf,
  untransacted,
} from "./api.js";
export type {
  BatchExecution,
  Engine,
  EngineContext,
  EngineError,
  EngineErrorCode,
  EngineFactory,
  EngineResult,
  GraphShape,
  HardeningLayer,
} from "./api.js";
export { createSlots, defineSlot, slotValue } from "./slots.js";
export type { EngineSlots, SlotKey, SlotValue } from "./slots.js";
export { currentHistory, latestEarlierApproval } from "./rewind.js";
export type { Effect, EffectType, DispatchedCall } from "./effects.js";
export type { EngineEvent, EngineEventType } from "./events.js";
export { ignore, NOT_WAITING, step } from "./step.js";
export type { StepConfig, StepResult } from "./step.js";
export { createMemoryPendingOutcomes } from "./pending-outcomes.js";
export type { PendingOutcomeStore, SettledCall } from "./pending-outcomes.js";
export { performEffect } from "./perform.js";
export type { PerformDeps } from "./perform.js";
export { createDriver } from "./driver.js";
export type { Driver, DriverDeps, DriverEvent, DriverStep, RunUntil } from "./driver.js";
export { engineErrorOf, engineOf, engineResult, unwrapEngine } from "./results.js";
export type { EngineBody } from "./results.js";
export { answerTo, awaitsApproval, callsOfTurn, inBatch, sdkIdOf } from "./framework-turn.js";
export type { ShownCall as FrameworkCall } from "./framework-turn.js";
export { guardedExecutor } from "./guarded-executor.js";
export type { GuardedExecutor } from "./guarded-executor.js";
export { shownInterruption, toolMessage, viewOf } from "./native-view.js";
export type { Decision, NativeSession, ShownCall as NativeCall, Turn, Waiting } from "./native-view.js";
export { decisionOf, freshSession, nativeAnswers, nativeSessions } from "./native-sessions.js";
export type { NativeSessions } from "./native-sessions.js";
export { checkAnswer, pendingCallId } from "./framework-answer.js";
export type { AnswerCheck, SdkAnswer } from "./framework-answer.js";
