/** The MCP boundary: a server that translates tools, resources and prompts onto the one registry, policy and call path. */
export { answerFor, isErrorAnswer, stoppedAnswer, toCallToolResult } from "./answers.js";
export type { CallAnswer, CallAnswerStatus } from "./answers.js";
export { createMemoryAuditSink, createObservedAuditSink } from "./audit.js";
export type { AuditSink } from "./audit.js";
export { createCallTool, envelopeOf, MCP_SESSION_LIMITS } from "./call-tool.js";
export type { CallDecision, CallToolDeps, PersonAnswer, ToolCallRequest } from "./call-tool.js";
export { createFileAuditSink } from "./audit-file.js";
export { MIN_SECRET_CHARS, parseServerFlags, readSecret, SECRET_ENV, SERVER_USAGE } from "./cli.js";
export type { ServerFlags, UsageError } from "./cli.js";
export { createFixtureHarnessDeps, MCP_SESSION_KEEP } from "./deps.js";
export type { FixtureDepsOptions } from "./deps.js";
export { APPROVAL_FORM, approvalQuestion, askByElicitation, MAX_ELICITED_CHARS, readElicited } from "./elicitation.js";
export type { ElicitInput } from "./elicitation.js";
export { createFrameGuard } from "./frame-guard.js";
export type { FrameGuardOptions } from "./frame-guard.js";
export { DEFAULT_MAX_FRAME_BYTES, frameTooLarge, inspectFrame } from "./frame-check.js";
export type { FrameError, FrameVerdict } from "./frame-check.js";
export { createGuards } from "./guards.js";
export type { FrameSource, Guards, GuardsOptions } from "./guards.js";
export { createRawArguments } from "./raw-arguments.js";
export type { RawArguments, RequestId } from "./raw-arguments.js";
export { META_KEYS, readHarnessMeta } from "./meta.js";
export type { HarnessMeta, MetaError } from "./meta.js";
export { getPrompt, HARNESS_PROMPT, listPrompts, riskRule } from "./prompts.js";
export { GuardedTransport, refusalOf } from "./request-guard.js";
export type { RequestGuardOptions } from "./request-guard.js";
export {
  fixtureCatalog,
  listResources,
  outputArtifactUri,
  parseResourceUri,
  readResource,
  RESOURCE_TEMPLATES,
} from "./resources.js";
export type { ResourceCatalog, ResourceDeps, ResourceUri } from "./resources.js";
export { createHarnessServer, createHarnessServerFactory, SERVER_INFO } from "./server.js";
export type { HarnessDeps, HarnessServerOptions } from "./server.js";
export { createSessionLocks } from "./session-locks.js";
export type { SessionLocks } from "./session-locks.js";
export { annotationsFor, inputSchemaFor, listTools, toMcpTool } from "./tool-list.js";
