export {
  idempotencyReplay,
  interruptedCheckpoint,
  preApprovalState,
  REQUIRED_COLUMNS,
  schemaFailureSideEffects,
} from "./columns.js";
export { ENGINE_IDS, EngineUsageError } from "./engine.js";
export type { Engine, EngineFactory, EngineId, GraphShape } from "./engine.js";
export { createEnvironment, DEFAULT_SEED, FIXTURE_SECRET } from "./environment.js";
export type { Environment, EnvironmentOptions } from "./environment.js";
export { handwrittenFactory } from "./handwritten-engine.js";
export { fingerprint, runScenario, SESSION_ID } from "./scenario.js";
export type { Action, RunOptions, RunRecord, Scenario, ScenarioRun, Snapshot } from "./scenario.js";
export { FAULT_COLUMNS } from "./fault-columns.js";
export { ALL_COLUMNS } from "./all-columns.js";
export { observeRun } from "./observe.js";
