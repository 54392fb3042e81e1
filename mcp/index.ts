/** The MCP boundary: a stdio server that translates tools/list and tools/call onto the one registry and policy. */
export { isErrorAnswer, toCallToolResult } from "./answers.js";
export type { CallAnswer, CallAnswerStatus } from "./answers.js";
export { approve, checkApproval, pendingFor } from "./approval-gate.js";
export { auditEvent, createMemoryAuditSink, discardAudit } from "./audit.js";
export { createFileAuditSink } from "./audit-file.js";
export type { AuditSink, FactSubject, McpFact, McpFactType } from "./audit.js";
export { callTool, envelopeOf } from "./call-tool.js";
export type { CallDecision, CallToolDeps, ToolCallRequest } from "./call-tool.js";
export { MIN_SECRET_CHARS, parseServerFlags, readSecret, SECRET_ENV, SERVER_USAGE } from "./cli.js";
export type { ServerFlags, UsageError } from "./cli.js";
export {
  createFrameGuard,
  createRawArguments,
  DEFAULT_MAX_FRAME_BYTES,
  frameTooLarge,
  inspectFrame,
} from "./frame-guard.js";
export type { FrameError, FrameGuardOptions, FrameVerdict, RawArguments } from "./frame-guard.js";
export { META_KEYS, readHarnessMeta } from "./meta.js";
export type { HarnessMeta, MetaError } from "./meta.js";
export { createHarnessServer, createHarnessServerFactory, SERVER_INFO } from "./server.js";
export type { HarnessServerOptions } from "./server.js";
export { createSessionStore, emptySession, sessionHash, sessionStatus, spendApproval } from "./sessions.js";
export type { McpSession, McpSessionStatus, SessionStore } from "./sessions.js";
export { annotationsFor, inputSchemaFor, listTools, toMcpTool } from "./tool-list.js";
