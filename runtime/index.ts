export { BATCH_EXECUTIONS, ENGINE_ERROR_CODES, EngineUsageError, engineContextOf } from "./api.js";
export type {
  BatchExecution,
  Engine,
  EngineContext,
  EngineError,
  EngineErrorCode,
  EngineFactory,
  GraphShape,
} from "./api.js";
export { createSlots, defineSlot, slotValue } from "./slots.js";
export type { EngineSlots, SlotKey, SlotValue } from "./slots.js";
export { currentHistory, latestEarlierApproval } from "./rewind.js";
export type { Effect, EffectType, DispatchedCall } from "./effects.js";
export type { EngineEvent, EngineEventType } from "./events.js";
export { step } from "./step.js";
export type { StepConfig, StepResult } from "./step.js";
export { createMemoryPendingOutcomes } from "./pending-outcomes.js";
export type { PendingOutcomeStore, SettledCall } from "./pending-outcomes.js";
