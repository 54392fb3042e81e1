export type { Effect, EffectType } from "../../runtime/effects.js";
export type { EngineEvent, EngineEventType } from "../../runtime/events.js";
export { createHandwrittenEngine, performEffect } from "./runner.js";
export type { EngineError, EngineErrorCode, HandwrittenDeps, HandwrittenEngine } from "./runner.js";
export { step } from "../../runtime/step.js";
export type { StepConfig, StepResult } from "../../runtime/step.js";
export { createMemoryPendingOutcomes } from "../../runtime/pending-outcomes.js";
export type { PendingOutcomeStore, SettledCall } from "../../runtime/pending-outcomes.js";
