/**
 * The audit trace as the host's log: each trace event (already redacted by the contract) becomes a
 * `notifications/message` at a level that says how much a person should care, and, for a call that
 * sent a progress token, a `notifications/progress` saying what the call is doing or waiting for.
 * Pure; `host-notices.ts` decides who receives them.
 */
import type { LoggingLevel, LoggingMessageNotification, ProgressNotification } from "@modelcontextprotocol/server";
import type { TraceEvent } from "../contract/index.js";

/** RFC 5424's severities, least severe first, as MCP names them. */
export const LOG_LEVELS: readonly LoggingLevel[] = Object.freeze([
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
]);

/** The logger every audit notice names, so a host can tell the trace from anything else. */
export const AUDIT_LOGGER = "agent-harness/audit";

/**
 * Events a person may need to act on or know about, by trace type; every other event is `info`,
 * and bookkeeping is `debug`. A call that stops the run (a failed state) is an `error` whatever its type.
 */
const LEVEL_OF_TYPE: Readonly<Record<string, LoggingLevel>> = Object.freeze({
  messages_trimmed: "debug",
  planner_responded: "debug",
  approval_requested: "notice",
  approval_accepted: "notice",
  approval_declined: "notice",
  tool_reconciled: "notice",
  call_rejected: "warning",
  policy_denied: "warning",
  approval_refused: "warning",
  call_conflicted: "warning",
  retry_scheduled: "warning",
  step_limit_reached: "warning",
  time_limit_reached: "warning",
  tool_errored: "error",
  tool_uncertain: "error",
  retries_exhausted: "error",
});

export function levelOf(event: TraceEvent): LoggingLevel {
  if (event.status === "failed" || event.status === "reconcile_required") return "error";
  return Object.hasOwn(LEVEL_OF_TYPE, event.type) ? (LEVEL_OF_TYPE[event.type] as LoggingLevel) : "info";
}

/** Whether a message at `level` passes a host's `threshold`. */
export function passes(level: LoggingLevel, threshold: LoggingLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
}

export function isLoggingLevel(value: unknown): value is LoggingLevel {
  return typeof value === "string" && (LOG_LEVELS as readonly string[]).includes(value);
}

/** The log notice of one event: the event itself, as the trace holds it. */
export function auditMessage(event: TraceEvent): LoggingMessageNotification {
  return {
    method: "notifications/message",
    params: { level: levelOf(event), logger: AUDIT_LOGGER, data: event },
  };
}

/** What a call is doing after `event`, in words: waits are named, since a host may show them while it waits. */
export function progressMessage(event: TraceEvent): string {
  const subject = event.tool === null ? "" : ` ${event.tool}`;
  switch (event.type) {
    case "approval_requested":
      return `waiting for a person to approve${subject}`;
    case "retry_scheduled":
      return `waiting to retry${subject}${event.reason === null ? "" : ` after: ${event.reason}`}`;
    default:
      return `${event.type}${subject} (${event.status})`;
  }
}

/** The progress notice of the `progress`-th event of a call that sent `token`; no total is known. */
export function progressNotice(token: string | number, progress: number, event: TraceEvent): ProgressNotification {
  return {
    method: "notifications/progress",
    params: { progressToken: token, progress, message: progressMessage(event) },
  };
}
