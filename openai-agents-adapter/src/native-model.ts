/**
 * The scripted planner's text as a model's output items: a real model emits function calls with
 * ids it mints, never twice in a conversation, or a message. Text that is neither is a message, as a
 * model's prose is: the SDK ends the run with it. Idempotency keys have no place in the SDK's items
 * and are dropped.
 */
import type { AgentOutputItem } from "@openai/agents";

type PlannedCall = { readonly id?: unknown; readonly tool?: unknown; readonly arguments?: unknown };

/**
 * Mints the call id of one function call: the id the planner wrote (the model's own name for the
 * call) the first time the session sees it, else a fresh `call_…`. A re-run after a crash therefore
 * gets new ids, as a real model's would: nothing downstream may lean on an id repeating.
 */
export type MintCallId = (plannerId: string | undefined) => string;

const message = (text: string): AgentOutputItem => ({
  type: "message",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text }],
});

export function plannerItems(raw: string, mint: MintCallId): AgentOutputItem[] {
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
  return calls.map((c) => ({
    type: "function_call",
    callId: mint(typeof c.id === "string" && c.id.length > 0 ? c.id : undefined),
    name: typeof c.tool === "string" ? c.tool : "",
    arguments: JSON.stringify(c.arguments ?? {}),
    status: "completed",
  }));
}

/** A session's minting: `minted` is every id handed out so far (it outlives a restart, as the conversation does). */
export function callIdMinter(minted: string[], fresh: (n: number) => string): MintCallId {
  return (plannerId) => {
    let id = plannerId !== undefined && !minted.includes(plannerId) ? plannerId : `call_${fresh(minted.length)}`;
    for (let n = minted.length + 1; minted.includes(id); n++) id = `call_${fresh(n)}`;
    minted.push(id);
    return id;
  };
}
