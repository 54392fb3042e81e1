/** The harness contract, stated once. Every engine and the MCP server import it from here. */
export {
  approvePending,
  issueApprovalToken,
  verifyApprovalToken,
  APPROVAL_FAILURE_CODES,
  DEFAULT_APPROVAL_TTL_MS,
} from "./approval.js";
export type {
  ApprovalCheck,
  ApprovalClaims,
  ApprovalFailure,
  ApprovalFailureCode,
  PendingApproval,
} from "./approval.js";
export { createMemoryArtifactStore, toMessageContent, MAX_INLINE_OUTPUT_CHARS } from "./artifacts.js";
export type { ArtifactStore, MessageContent } from "./artifacts.js";
export { canonicalJson, cloneJson, constantTimeEqual, digest, hmacHex, sha256Hex } from "./canonical.js";
// The local graph's sealed checkpointer asks whether an interrupt payload can change under its seal.
export { isImmutableJson } from "./canonical.js";
export type { JsonValue } from "./canonical.js";
export { installHashing, installedHashing } from "./hashing.js";
export type { Hashing } from "./hashing.js";
export { applyCallFact, callsIn, startBatch, stateForBatch } from "./batch.js";
export { conflictContent, declinedContent, deniedContent, errorContent, rejectedContent } from "./call-facts.js";
export type { BatchFact, BeginFact, CallFact, ConflictReason, ForCall, OutcomeFact, PolicyFact } from "./call-facts.js";
export {
  CheckpointSchema,
  createMemoryCheckpointStore,
  currentHashOf,
  hashState,
  isSealed,
  openCheckpoint,
  sealState,
  toCheckpoint,
  CHECKPOINT_VERSION,
} from "./checkpoint.js";
export { appended, listDigest, STATE_HASH_RULE } from "./state-hash.js";
export { AppendList, digestOfList, extended, listItems } from "./append-list.js";
export type { ListDigest } from "./state-hash.js";
export type { Checkpoint, CheckpointStore, MemoryCheckpointOptions } from "./checkpoint.js";
export { createManualClock, systemClock, DEFAULT_EPOCH, SleepCancel } from "./clock.js";
export type { Clock, ManualClock, SleepSignal } from "./clock.js";
export {
  factBeforePlanning,
  factForBatchBegin,
  factForBatchOutcomes,
  factForBatchPolicy,
  factForBegin,
  factForOutcome,
  factForPlannerOutput,
  factForPolicy,
  factForReconcile,
  factForTrim,
} from "./decisions.js";
export type { ExecutionOutcome, ReconcileInput } from "./decisions.js";
export {
  ApprovalInputSchema,
  MAX_APPROVAL_TOKEN_CHARS,
  parseApprovalInput,
  RestatedCallSchema,
} from "./approval-input.js";
export type { ApprovalInput, RestatedCall } from "./approval-input.js";
export {
  beginBatch,
  beginCall,
  confirmInLedger,
  confirmUncertain,
  executeBatch,
  executeIntent,
  replayContent,
} from "./execution.js";
export type { ExecutionDeps } from "./execution.js";
export { applyFact, applyFacts, startRun, verdictOf } from "./facts.js";
export type { Applied, Fact, FactEnv, FactType, UncertainReason, Verdict } from "./facts.js";
export { createMemoryNonceStore } from "./nonces.js";
export type { NonceStore } from "./nonces.js";
export { approve } from "./approve.js";
export type { ApprovalDecision, ApproveDeps } from "./approve.js";
export { createIdSource, deriveIdempotencyKey } from "./ids.js";
export type { IdSource } from "./ids.js";
export { createMemoryLedger, decideBegin, decideDispatch, ledgerEntries, LedgerEntrySchema } from "./ledger.js";
export type { BeginDecision, BeginRequest, DispatchDecision, LedgerEntry, LedgerStore } from "./ledger.js";
export { decidePolicy, hasSideEffects, RISK_CLASSES, RISK_RULES } from "./risk.js";
export type { AfterCrash, PolicyDecision, RiskClass, RiskRule } from "./risk.js";
export { createRegistry } from "./registry.js";
export type { ToolRegistry } from "./registry.js";
export { assertNever, err, HarnessError, isHarnessError, ok } from "./result.js";
export type { Err, HarnessErrorCode, Ok, Result } from "./result.js";
export {
  checkSeal,
  CheckpointTamperedError,
  isCheckpointTamperedError,
  openOrThrow,
  sealOf,
  sealOfJson,
} from "./seal.js";
export type { CheckpointTampered } from "./seal.js";
export { REDACTED, redactText } from "./sensitive.js";
export {
  errorMessage,
  findSensitive,
  isSensitiveIdentifier,
  loggedError,
  redact,
  redactPlannerText,
  SENSITIVE_IDENTIFIER,
} from "./redact.js";
export {
  AgentStateEnvelopeSchema,
  DEFAULT_LIMITS,
  isTerminal,
  isWaiting,
  lastMessage,
  messagesFrom,
  messagesOf,
  STATE_VERSION,
  TERMINAL_STATUSES,
  WAITING_STATUSES,
} from "./state.js";
export type {
  AgentLimits,
  AgentState,
  AgentStatus,
  AuthorizedCall,
  Batch,
  BatchCall,
  BatchPhase,
  Failure,
  Intent,
  Message,
  MessageList,
  StateOf,
  ToolMessage,
  ToolMessageStatus,
} from "./state.js";
export {
  defineTool,
  isPermanentToolError,
  isProcessCrash,
  isTransientToolError,
  PermanentToolError,
  ProcessCrash,
  TransientToolError,
} from "./tool.js";
export type { AnyToolSpec, ToolContext, ToolSpec } from "./tool.js";
export type { Planner } from "./planner.js";
export { inputJsonSchema, toolOffers, toolOffersDigest } from "./tool-offers.js";
export type { ToolOffer } from "./tool-offers.js";
export { createMemoryTraceSink, traceEvent, TraceEventSchema } from "./trace.js";
export type { TraceDetail, TraceEvent, TraceSink } from "./trace.js";
export { DEFAULT_INPUT_LIMITS, REJECTION_CODES, validatePlannerOutput } from "./validation.js";
export type {
  BatchEntry,
  InputLimits,
  PlannerAction,
  Rejection,
  RejectionCode,
  ValidatedCall,
  ValidationIssue,
} from "./validation.js";
export { grantDispatch } from "./dispatch-permit.js";
