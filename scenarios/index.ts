// First: the test kit runs in Node, and its modules may hash as they load (node:crypto from here on).
import "../durable/node-hashing.js";

export {
  idempotencyReplay,
  interruptedCheckpoint,
  preApprovalState,
  REQUIRED_COLUMNS,
  schemaFailureSideEffects,
} from "./columns.js";
export { DEFAULT_WORK_BUDGET, WorkBudgetExceeded, withWorkBudget } from "./budget.js";
export {
  behaviour,
  defineColumn,
  judgeColumn,
  NEVER_SETTLED,
  recordedVerdict,
  violationsOf,
  vocabulary,
} from "./column.js";
export { COLUMN_FAMILIES, ColumnFamily, FAMILY_IDS } from "./families.js";
export {
  allHold,
  Behaviour,
  EngineVerdict,
  errorVerdict,
  ExpectationKind,
  Judged,
  passes,
  verdictOf,
  Violation,
  Vocabulary,
} from "./verdict.js";
export type { Column, ColumnSpec, Expectation } from "./column.js";
export { EngineUsageError, engineContextOf } from "../runtime/index.js";
export {
  BUILT_IN_ENGINE_IDS,
  BUILT_IN_FRAMEWORK_IDS,
  ENGINE_IDS,
  ENGINES,
  FRAMEWORK_IDS,
  REFERENCE_ENGINE,
  engineEntry,
  isBuiltInEngineId,
  isEngineId,
  isFrameworkId,
  loadEngine,
  loadEngines,
  measuredEngines,
} from "../engines/index.js";
export type {
  BuiltInEngine,
  BuiltInEngineId,
  BuiltInFactory,
  BuiltInFrameworkId,
  EngineId,
  EngineSlot,
  FrameworkId,
  LoadOptions,
  SessionStore,
  Unloadable,
} from "../engines/index.js";
export type { Engine, EngineContext, EngineFactory, EngineResult, GraphShape } from "../runtime/index.js";
export { unwrapEngine } from "../runtime/index.js";
export { createEnvironment, DEFAULT_SEED, FIXTURE_SECRET } from "../handwritten/fixtures/environment.js";
export type { Environment, EnvironmentOptions } from "../handwritten/fixtures/environment.js";
export { handwrittenFactory } from "../handwritten/engine/factory.js";
export { bareCall, DEFAULT_GOAL, fingerprint, replayTrace, runScenario, SESSION_ID } from "./scenario.js";
export type { Action, RunOptions, RunRecord, Scenario, ScenarioRun, Snapshot } from "./scenario.js";
export { FAULT_COLUMNS } from "./fault-columns.js";
export { BARE_EXECUTOR_COLUMNS } from "./bare-executor-columns.js";
export { REWIND_COLUMNS, sendKeptToken } from "./rewind-columns.js";
export { BATCH_REWIND_COLUMNS } from "./batch-rewind-columns.js";
export { currentHistory, latestEarlierApproval } from "../runtime/rewind.js";
export { ALL_COLUMNS } from "./all-columns.js";
export { codeOf, observeRun, read } from "./observe.js";
export { SECRET_COLUMNS, SECRET_SAMPLES } from "./secret-columns.js";
export { BUG_REPORT_COLUMNS } from "./bug-report-columns.js";
export { spellings, STORED_PLACES, storedTexts } from "./stored-text.js";
export type { StoredPlace, StoredText } from "./stored-text.js";
export { TAMPER_COLUMNS } from "./tamper-columns.js";
export { forgetOutcome, isTampering, tamper } from "./tamper.js";
export type { TamperAction } from "./tamper.js";
export { editWaitingCall } from "./tamper-edit.js";
export type { CallEdit } from "./tamper-edit.js";
export { restoreToIntent } from "./tamper-restore.js";
export { TAMPER_PLACES } from "./tamper-places.js";
export type { TamperPlace } from "./tamper-places.js";
export type { RunObservation } from "./observe.js";
export { observeBatch, PARALLEL_COLUMNS } from "./parallel-columns.js";
export type { BatchObservation } from "./parallel-columns.js";
export { observeRoute, ROUTE_COLUMNS, routeInjectedNote, routeWeeklyReport } from "./route-columns.js";
