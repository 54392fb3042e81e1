export { idempotencyReplay, interruptedCheckpoint, preApprovalState, REQUIRED_COLUMNS, schemaFailureSideEffects } from "./columns.js";
export { ENGINE_IDS, EngineUsageError } from "./engine.js";
export type { Engine, EngineFactory, EngineId, GraphShape } from "./engine.js";
export { createEnvironment, FIXTURE_SECRET } from "./environment.js";
export type { Environment, EnvironmentOptions } from "./environment.js";
export { handwrittenFactory } from "./handwritten-engine.js";
export { fingerprint, runScenario, SESSION_ID } from "./scenario.js";
export type { Action, RunRecord, Scenario, ScenarioRun, Snapshot } from "./scenario.js";
