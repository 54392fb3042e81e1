export type { Effect, EffectType } from "./effects.js";
export type { EngineEvent, EngineEventType } from "./events.js";
export { createHandwrittenEngine, performEffect } from "./runner.js";
export type { EngineError, EngineErrorCode, HandwrittenDeps, HandwrittenEngine } from "./runner.js";
export { step } from "./step.js";
export type { StepConfig, StepResult } from "./step.js";
export { createMemoryPendingOutcomes } from "./pending-outcomes.js";
export type { PendingOutcomeStore, SettledCall } from "./pending-outcomes.js";
