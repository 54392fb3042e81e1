/** Small readers and writers of an AI SDK message history (ModelMessage[]): tool calls, approvals, results. */
import type { ModelMessage, ToolApprovalResponse, ToolResultPart } from "ai";
import type { JsonValue } from "../../contract/index.js";

type ToolResultOutputJson = Extract<ToolResultPart["output"], { type: "json" }>["value"];

type Part = Exclude<Extract<ModelMessage, { role: "assistant" | "tool" }>["content"], string>[number];

const partsOf = (messages: readonly ModelMessage[], role: "assistant" | "tool"): Part[] =>
  messages.flatMap((m) => (m.role === role && typeof m.content !== "string" ? (m.content as Part[]) : []));

export const toolCallIds = (messages: readonly ModelMessage[]): string[] =>
  partsOf(messages, "assistant").flatMap((p) => (p.type === "tool-call" ? [p.toolCallId] : []));

const answered = (messages: readonly ModelMessage[]) =>
  new Set(partsOf(messages, "tool").flatMap((p) => (p.type === "tool-result" ? [p.toolCallId] : [])));

/** Approval requests with no response yet, as `{ approvalId, toolCallId }`. */
export function openApprovalRequests(messages: readonly ModelMessage[]) {
  const responded = new Set(
    partsOf(messages, "tool").flatMap((p) => (p.type === "tool-approval-response" ? [p.approvalId] : [])),
  );
  const results = answered(messages);
  return partsOf(messages, "assistant").flatMap((p) =>
    p.type === "tool-approval-request" && !responded.has(p.approvalId) && !results.has(p.toolCallId)
      ? [{ approvalId: p.approvalId, toolCallId: p.toolCallId }]
      : [],
  );
}

/** Tool calls with no result that no approval request still holds open. */
export function unansweredCalls(messages: readonly ModelMessage[]): string[] {
  const results = answered(messages);
  const waiting = new Set(openApprovalRequests(messages).map((r) => r.toolCallId));
  return toolCallIds(messages).filter((id) => !results.has(id) && !waiting.has(id));
}

export const resultPart = (toolCallId: string, toolName: string, value: JsonValue): ToolResultPart => ({
  type: "tool-result",
  toolCallId,
  toolName,
  // The contract's answers are JSON already; the AI SDK's type only asks for mutable arrays.
  output: { type: "json", value: value as ToolResultOutputJson },
});

export function toolNameOf(messages: readonly ModelMessage[], toolCallId: string): string {
  const call = partsOf(messages, "assistant").find((p) => p.type === "tool-call" && p.toolCallId === toolCallId);
  return call?.type === "tool-call" ? call.toolName : "unknown";
}

/** Appends a tool message with these parts (none: the history as it was). */
export const withToolParts = (
  messages: readonly ModelMessage[],
  parts: readonly (ToolResultPart | ToolApprovalResponse)[],
): ModelMessage[] => (parts.length === 0 ? [...messages] : [...messages, { role: "tool", content: [...parts] }]);

/** Where a tool call was made: the history before its assistant message, and the call itself. */
export function callSite(messages: readonly ModelMessage[], toolCallId: string) {
  const at = messages.findIndex(
    (m) =>
      m.role === "assistant" &&
      typeof m.content !== "string" &&
      m.content.some((p) => p.type === "tool-call" && p.toolCallId === toolCallId),
  );
  const message = messages[at];
  const call =
    message?.role === "assistant" && typeof message.content !== "string"
      ? message.content.find((p) => p.type === "tool-call" && p.toolCallId === toolCallId)
      : undefined;
  return call?.type === "tool-call"
    ? {
        before: messages.slice(0, at),
        toolName: call.toolName,
        input: call.input,
        providerOptions: call.providerOptions,
      }
    : null;
}

/** The calls that went through the SDK's approval flow, each with whether a response approved it. */
export function approvalFlow(messages: readonly ModelMessage[]): ReadonlyMap<string, boolean> {
  const approved = new Set(
    partsOf(messages, "tool").flatMap((p) => (p.type === "tool-approval-response" && p.approved ? [p.approvalId] : [])),
  );
  return new Map(
    partsOf(messages, "assistant").flatMap((p) =>
      p.type === "tool-approval-request" ? [[p.toolCallId, approved.has(p.approvalId)] as const] : [],
    ),
  );
}

/** Every approval request's id in the history, in order. */
export const approvalIdsOf = (messages: readonly ModelMessage[]): string[] =>
  partsOf(messages, "assistant").flatMap((p) => (p.type === "tool-approval-request" ? [p.approvalId] : []));

/** How many tool calls the assistant message holding this call made (0: no message holds it). */
export function turnCallsOf(messages: readonly ModelMessage[], toolCallId: string): number {
  const turn = [...messages]
    .reverse()
    .find(
      (m) =>
        m.role === "assistant" &&
        typeof m.content !== "string" &&
        m.content.some((p) => p.type === "tool-call" && p.toolCallId === toolCallId),
    );
  return turn?.role === "assistant" && typeof turn.content !== "string"
    ? turn.content.filter((p) => p.type === "tool-call").length
    : 0;
}
