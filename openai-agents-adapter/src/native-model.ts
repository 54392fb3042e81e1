/**
 * The scripted planner's text as a model's output items: a real model emits function calls with
 * ids it mints each turn, or a message. Text that is neither is a message, as a model's prose is:
 * the SDK ends the run with it. Idempotency keys have no place in the SDK's items and are dropped.
 */
import type { AgentOutputItem } from "@openai/agents";

type PlannedCall = { readonly tool?: unknown; readonly arguments?: unknown };

const message = (text: string): AgentOutputItem => ({
  type: "message",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text }],
});

export function plannerItems(raw: string, turn: number): AgentOutputItem[] {
  let parsed: { type?: unknown; text?: unknown; calls?: unknown } & PlannedCall;
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    return [message(raw)];
  }
  const calls: PlannedCall[] =
    parsed.type === "tool_call"
      ? [parsed]
      : parsed.type === "tool_calls" && Array.isArray(parsed.calls)
        ? (parsed.calls as PlannedCall[])
        : [];
  if (calls.length === 0)
    return [message(parsed.type === "final" && typeof parsed.text === "string" ? parsed.text : raw)];
  return calls.map((c, i) => ({
    type: "function_call",
    callId: `call_${turn}_${i}`,
    name: typeof c.tool === "string" ? c.tool : "",
    arguments: JSON.stringify(c.arguments ?? {}),
    status: "completed",
  }));
}
