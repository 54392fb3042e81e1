/**
 * What the columns read of a native AI SDK session, drawn from its message history alone: the
 * native engine keeps no contract state, so this view is how its behaviour is observed (and what
 * the scripted planner is shown). It decides nothing: each field is read from the history, and
 * fields the framework has no notion of (seals, nonces, intents) are empty or a digest of the history.
 */
import type { ModelMessage } from "ai";
import {
  digest,
  type AgentState,
  type Batch,
  type BatchCall,
  type BatchPhase,
  type Intent,
  type JsonValue,
  type Message,
  type ToolMessage,
  type ToolMessageStatus,
} from "../../contract/index.js";
import { openApprovalRequests } from "./messages.js";

/** How a native session stands, as its engine knows it beside the history. */
export type NativeSession = {
  readonly session_id: string;
  readonly goal: string;
  readonly messages: readonly ModelMessage[];
  /** The last generateText stopped at its step count with tool calls still coming. */
  readonly step_limit: boolean;
  /** The intent a hardening layer checkpointed before a call's effect, in the history saved with it. */
  readonly executing?: Intent;
  /** A layer's contract words for a tool result (by its place among the results): the SDK's output has no status. */
  readonly answers?: Readonly<Record<number, ContractAnswer | null>>;
  /** Set by a hardening layer that stopped the SDK's loop: a call only a person can settle, or retries spent. */
  readonly waiting?:
    | { readonly kind: "uncertain"; readonly intent: Intent; readonly toolCallId: string }
    | { readonly kind: "failed"; readonly message: string };
};

export type ContractAnswer = { readonly status: ToolMessageStatus; readonly content: JsonValue };

type Part = { readonly type: string; readonly [field: string]: unknown };
const partsOf = (m: ModelMessage): readonly Part[] =>
  typeof m.content === "string" ? [{ type: "text", text: m.content }] : (m.content as readonly Part[]);

const STATUS_OF_OUTPUT: Readonly<Record<string, ToolMessage["status"]>> = {
  "execution-denied": "declined",
  "error-text": "error",
  "error-json": "error",
};

/** Calls the SDK denied by its approval switch, not a person: their request is marked automatic. */
const automaticallyDenied = (messages: readonly ModelMessage[]): ReadonlySet<string> =>
  new Set(
    messages
      .flatMap(partsOf)
      .filter((p) => p.type === "tool-approval-request" && p["isAutomatic"] === true)
      .map((p) => String(p["toolCallId"])),
  );

function toolMessage(part: Part, automatic: ReadonlySet<string> = new Set()): ToolMessage {
  const output = (part["output"] ?? {}) as { type?: string; value?: unknown; reason?: unknown };
  const toolCallId = typeof part["toolCallId"] === "string" ? part["toolCallId"] : null;
  const denied = output.type === "execution-denied" && toolCallId !== null && automatic.has(toolCallId);
  return {
    role: "tool",
    tool: typeof part["toolName"] === "string" ? part["toolName"] : null,
    status: denied ? "denied" : (STATUS_OF_OUTPUT[output.type ?? ""] ?? "ok"),
    idempotency_key: toolCallId,
    // A denial carries the SDK's own reason field (the approval switch's, or the answer's): shown as its code.
    content: (output.type === "execution-denied"
      ? typeof output.reason === "string"
        ? { code: output.reason }
        : null
      : (output.value ?? null)) as JsonValue,
    // The SDK's own tool call id, kept so a column can tell the calls of one turn apart.
    ...(toolCallId === null ? {} : { call_id: toolCallId }),
  };
}

/** The conversation as the contract's message list: text, and one tool message per tool result. */
function messagesOf(session: NativeSession): Message[] {
  const automatic = automaticallyDenied(session.messages);
  let ordinal = 0;
  // null: the contract writes no message of its own for this result (a sibling's answers the whole turn).
  const worded = (p: Part): ToolMessage[] => {
    const native = toolMessage(p, automatic);
    const answer = session.answers?.[ordinal++];
    if (answer === null) return [];
    return [answer === undefined ? native : { ...native, status: answer.status, content: answer.content }];
  };
  return session.messages.flatMap((m): Message[] => {
    if (m.role === "user") return [{ role: "user", content: typeof m.content === "string" ? m.content : "" }];
    if (m.role === "assistant")
      return partsOf(m).flatMap((p) => (p.type === "text" ? [{ role: "assistant", content: String(p["text"]) }] : []));
    if (m.role === "tool") return partsOf(m).flatMap((p) => (p.type === "tool-result" ? worded(p) : []));
    return [];
  });
}

const callOf = (messages: readonly ModelMessage[], toolCallId: string) =>
  messages.flatMap(partsOf).find((p) => p.type === "tool-call" && p["toolCallId"] === toolCallId);

function authorizedCall(call: Part) {
  const args = (call["input"] ?? {}) as Record<string, unknown>;
  const idempotency_key = String(call["toolCallId"]);
  return {
    tool: String(call["toolName"]),
    risk: "high_risk" as const,
    args,
    args_digest: digest(args),
    requested_key: null,
    idempotency_key,
  };
}

/** The calls of the last turn that made several, when one of them waits: each waiting, answered or running. */
function batchOf(
  messages: readonly ModelMessage[],
  requests: ReturnType<typeof openApprovalRequests>,
): Batch | undefined {
  const turn = [...messages]
    .reverse()
    .find((m) => m.role === "assistant" && partsOf(m).some((p) => p.type === "tool-call"));
  const calls = turn === undefined ? [] : partsOf(turn).filter((p) => p.type === "tool-call");
  if (calls.length < 2) return undefined;
  const results = messages
    .flatMap((m) => (m.role === "tool" ? partsOf(m) : []))
    .filter((p) => p.type === "tool-result");
  return {
    calls: calls.map((call): BatchCall => {
      const call_id = String(call["toolCallId"]);
      const request = requests.find((r) => r.toolCallId === call_id);
      const result = results.find((r) => r["toolCallId"] === call_id);
      const phase: BatchPhase =
        request !== undefined
          ? { kind: "awaiting_approval", nonce: request.approvalId, requested_at: 0 }
          : result !== undefined
            ? { kind: "settled", message: toolMessage(result) }
            : { kind: "authorized" };
      return { call_id, call: authorizedCall(call), phase };
    }),
  };
}

/** Model turns so far: what the scripted planner counts its steps by. */
export const turnsOf = (messages: readonly ModelMessage[]): number =>
  messages.filter((m) => m.role === "assistant").length;

export function projectNative(session: NativeSession): AgentState {
  const { messages } = session;
  const base = {
    v: 1 as const,
    session_id: session.session_id,
    event_id: "",
    seq: messages.length,
    step: turnsOf(messages),
    messages: [{ role: "user" as const, content: session.goal }, ...messagesOf(session).slice(1)],
    used_approvals: [],
    started_at: 0,
    updated_at: 0,
    checkpoint_hash: digest(messages),
  };
  const requests = openApprovalRequests(messages);
  const open = requests[0];
  const call = open === undefined ? undefined : callOf(messages, open.toolCallId);
  if (open !== undefined && call !== undefined) {
    const authorized = authorizedCall(call);
    const batch = batchOf(messages, requests);
    return {
      ...base,
      status: "approval_required",
      call: authorized,
      pending_approval: { ...authorized, nonce: open.approvalId, requested_at: 0 },
      ...(batch === undefined ? {} : { batch }),
    };
  }
  const last = messages.at(-1);
  if (session.waiting?.kind === "uncertain")
    return { ...base, status: "reconcile_required", pending_approval: null, intent: session.waiting.intent };
  if (session.waiting?.kind === "failed")
    return {
      ...base,
      status: "failed",
      pending_approval: null,
      failure: { code: "retries_exhausted", message: session.waiting.message },
    };
  if (session.executing !== undefined)
    return { ...base, status: "executing", pending_approval: null, intent: session.executing };
  if (session.step_limit) return { ...base, status: "step_limit", pending_approval: null };
  if (last?.role === "assistant" && !partsOf(last).some((p) => p.type === "tool-call"))
    return {
      ...base,
      status: "done",
      pending_approval: null,
      final: partsOf(last)
        .map((p) => (p.type === "text" ? String(p["text"]) : ""))
        .join(""),
    };
  return { ...base, status: "ready", pending_approval: null };
}
