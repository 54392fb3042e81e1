/**
 * A chat model's answer → one route turn: its text, its tool calls (parsed and unparsed, as the
 * model reported them) and the whole message as raw data. Everything passes through the
 * contract's `redact` before anyone sees it, so credentials and contact data in model output
 * reach neither the engine nor the route file.
 */
import type { AIMessage } from "@langchain/core/messages";
import { redact } from "../../../contract/index.js";
import type { RouteTurn } from "../../../handwritten/route/index.js";

const json = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** The text of a message: a string, or the text blocks of a content list (Anthropic style). */
export function textOf(content: AIMessage["content"]): string {
  if (typeof content === "string") return content;
  return content
    .map((block) => (block.type === "text" && typeof block["text"] === "string" ? block["text"] : ""))
    .join("");
}

export function turnOf(step: number, message: AIMessage): RouteTurn {
  const turn = {
    step,
    text: textOf(message.content),
    tool_calls: (message.tool_calls ?? []).map((c) => ({ id: c.id ?? null, name: c.name, args: json(c.args) })),
    invalid_tool_calls: (message.invalid_tool_calls ?? []).map((c) => ({
      id: c.id ?? null,
      name: c.name ?? null,
      args: c.args ?? null,
      error: c.error ?? null,
    })),
    raw: json({
      type: message.type,
      content: message.content,
      tool_calls: message.tool_calls,
      invalid_tool_calls: message.invalid_tool_calls,
      additional_kwargs: message.additional_kwargs,
      response_metadata: message.response_metadata,
      usage_metadata: message.usage_metadata,
    }),
  };
  // The route replays these strings, so none is cut: only sensitive values are replaced.
  return redact(turn, Infinity) as RouteTurn;
}
