/**
 * The agent state's conversation as chat messages. The state holds the planner text each turn
 * produced; a `tool_call` envelope goes back to the model as its own tool call (with an id
 * derived from its position, so the same state always gives the same messages) and the next
 * tool message answers it. Tool output stays data: a ToolMessage, never a human instruction.
 */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { AgentState, Message } from "../../../handwritten/contract/index.js";

type ToolCallText = { readonly tool: string; readonly args: unknown };

/** The call a planner text asked for, when it is a tool_call envelope. */
function callOf(content: string): ToolCallText | null {
  try {
    const parsed = JSON.parse(content) as { type?: unknown; tool?: unknown; arguments?: unknown };
    return parsed.type === "tool_call" && typeof parsed.tool === "string"
      ? { tool: parsed.tool, args: parsed.arguments }
      : null;
  } catch {
    return null;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function assistantMessage(content: string, id: string): { message: AIMessage; pending: string | null } {
  const call = callOf(content);
  if (call === null) {
    const final = (() => {
      try {
        const parsed = JSON.parse(content) as { type?: unknown; text?: unknown };
        return parsed.type === "final" && typeof parsed.text === "string" ? parsed.text : content;
      } catch {
        return content;
      }
    })();
    return { message: new AIMessage(final), pending: null };
  }
  const message = isPlainObject(call.args)
    ? new AIMessage({ content: "", tool_calls: [{ id, name: call.tool, args: call.args, type: "tool_call" }] })
    : new AIMessage({
        content: "",
        tool_calls: [],
        invalid_tool_calls: [
          { id, name: call.tool, args: String(call.args), error: "arguments did not parse", type: "invalid_tool_call" },
        ],
      });
  return { message, pending: id };
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
  state.messages.forEach((message, index) => {
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
        out.push(toolMessage(message, pending));
        pending = null;
        return;
    }
  });
  return out;
}
