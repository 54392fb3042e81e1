/**
 * The agent state's conversation as chat messages. The state holds the planner text each turn
 * produced; a `tool_call` envelope goes back to the model as its own tool call (with an id
 * derived from its position, so the same state always gives the same messages) and the next
 * tool message answers it; a `tool_calls` batch goes back as one message with each call under
 * its own id, and each tool message answers the call id it carries. Tool output stays data: a
 * ToolMessage, never a human instruction.
 */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { assertNever, messagesOf, type AgentState, type Message } from "../../../contract/index.js";

type ToolCallText = { readonly id: string; readonly tool: string; readonly args: unknown };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The calls a planner text asked for: one for a tool_call envelope (with the id given), each
 * call of a tool_calls batch under its own id, none for anything else.
 */
function callsOf(content: string, id: string): readonly ToolCallText[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  if (!isPlainObject(parsed)) return [];
  if (parsed["type"] === "tool_call" && typeof parsed["tool"] === "string")
    return [{ id, tool: parsed["tool"], args: parsed["arguments"] }];
  if (parsed["type"] !== "tool_calls" || !Array.isArray(parsed["calls"])) return [];
  return parsed["calls"].flatMap((c: unknown) =>
    isPlainObject(c) && typeof c["id"] === "string" && typeof c["tool"] === "string"
      ? [{ id: c["id"], tool: c["tool"], args: c["arguments"] }]
      : [],
  );
}

function finalText(content: string): string {
  try {
    const parsed = JSON.parse(content) as { type?: unknown; text?: unknown };
    return parsed.type === "final" && typeof parsed.text === "string" ? parsed.text : content;
  } catch {
    return content;
  }
}

/** The assistant's turn, and the id a following tool message without its own call id answers. */
function assistantMessage(content: string, id: string): { message: AIMessage; pending: string | null } {
  const calls = callsOf(content, id);
  if (calls.length === 0) return { message: new AIMessage(finalText(content)), pending: null };
  const parsed = calls.filter((c) => isPlainObject(c.args));
  const unparsed = calls.filter((c) => !isPlainObject(c.args));
  const message = new AIMessage({
    content: "",
    tool_calls: parsed.map((c) => ({
      id: c.id,
      name: c.tool,
      args: c.args as Record<string, unknown>,
      type: "tool_call",
    })),
    invalid_tool_calls: unparsed.map((c) => ({
      id: c.id,
      name: c.tool,
      args: String(c.args),
      error: "arguments did not parse",
      type: "invalid_tool_call",
    })),
  });
  // A batch's tool messages carry their call ids; a single call's answer is the next tool message.
  return { message, pending: calls.length === 1 ? id : null };
}

function toolMessage(message: Extract<Message, { role: "tool" }>, id: string | null): BaseMessage {
  const body = JSON.stringify({ status: message.status, content: message.content });
  if (id === null) return new HumanMessage(`[harness] ${body}`);
  const status = message.status === "ok" || message.status === "replayed" ? "success" : "error";
  return new ToolMessage({ content: body, tool_call_id: id, name: message.tool ?? "unknown", status });
}

export function toChatMessages(state: AgentState, prompt: string): BaseMessage[] {
  const out: BaseMessage[] = [new SystemMessage(prompt)];
  let pending: string | null = null;
  messagesOf(state).forEach((message, index) => {
    switch (message.role) {
      case "user":
        out.push(new HumanMessage(message.content));
        pending = null;
        return;
      case "assistant": {
        const turn = assistantMessage(message.content, `call_${index}`);
        out.push(turn.message);
        pending = turn.pending;
        return;
      }
      case "tool":
        out.push(toolMessage(message, message.call_id ?? pending));
        pending = null;
        return;
      default:
        assertNever(message);
    }
  });
  return out;
}
