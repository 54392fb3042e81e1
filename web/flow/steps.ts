/**
 * The five steps of the MCP flow (seed 003's mechanism lab: discover → tool call → schema gate →
 * policy and approval → execute, with the result or error back to context), and where each
 * message and each of the server's audit facts belongs. The server decides one `tools/call` in
 * a single request; these maps say which part of that decision each fact is.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import type { FactType, PendingApproval } from "../../contract/index.js";
import { META_KEYS } from "../../mcp/meta.js";

export const FLOW_STEPS = ["discover", "propose", "schema", "policy", "result"] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** The trace event type of a new session, which is not a fact. */
const RUN_STARTED = "run_started";

/**
 * Every fact of the contract must appear here (the compiler checks that the map is total), so
 * the page keeps working whichever of them the server records. The session-level ones (a run
 * starting, the planner's turn) belong to the proposal; its limits and end to the last step.
 */
export const STEP_OF_FACT: Readonly<Record<FactType | typeof RUN_STARTED, FlowStep>> = {
  run_started: "propose",
  planner_responded: "propose",
  messages_trimmed: "propose",
  call_rejected: "schema",
  call_validated: "schema",
  policy_allowed: "policy",
  policy_denied: "policy",
  approval_requested: "policy",
  approval_refused: "policy",
  approval_accepted: "policy",
  approval_declined: "policy",
  intent_recorded: "result",
  call_replayed: "result",
  call_conflicted: "result",
  tool_succeeded: "result",
  tool_errored: "result",
  retry_scheduled: "result",
  retries_exhausted: "result",
  tool_uncertain: "result",
  tool_reconciled: "result",
  run_completed: "result",
  step_limit_reached: "result",
  time_limit_reached: "result",
  // A multi-call turn (the MCP server is one call per request, so it never records these).
  batch_validated: "schema",
  batch_policy_decided: "policy",
  batch_intents_recorded: "result",
  batch_calls_settled: "result",
};

export function stepOfFact(type: string): FlowStep {
  if (!Object.hasOwn(STEP_OF_FACT, type)) throw new Error(`no flow step for audit fact ${JSON.stringify(type)}`);
  return STEP_OF_FACT[type as keyof typeof STEP_OF_FACT];
}

/**
 * Where a message belongs. `tools/call` requests are the model's proposal, except the host's
 * repeat that carries a person's approval token; a `tools/call` answer goes back to context,
 * except `approval_required`, which the host shows a person instead. Everything else
 * (handshake, lists) is discovery. `methodOf` names the request a response answers.
 */
export function stepOfMessage(
  message: JSONRPCMessage,
  methodOf: (id: string | number) => string | undefined,
): FlowStep {
  if ("method" in message) {
    if (message.method !== "tools/call") return "discover";
    const meta = (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
    return meta !== undefined && Object.hasOwn(meta, META_KEYS.approval) ? "policy" : "propose";
  }
  if (!("id" in message) || message.id === undefined || methodOf(message.id) !== "tools/call") return "discover";
  return statusOfAnswer(message) === "approval_required" ? "policy" : "result";
}

/** The harness status a `tools/call` answer carries in `structuredContent`, if any. */
export function statusOfAnswer(message: JSONRPCMessage): string | null {
  if (!("result" in message)) return null;
  const content = (message.result as { structuredContent?: { status?: unknown } }).structuredContent;
  return typeof content?.status === "string" ? content.status : null;
}

/** The pending call of an `approval_required` answer: what a host shows the person who decides. */
export function pendingOfAnswer(message: JSONRPCMessage): PendingApproval | null {
  if (statusOfAnswer(message) !== "approval_required" || !("result" in message)) return null;
  return (message.result as { structuredContent: { pending: PendingApproval } }).structuredContent.pending;
}
