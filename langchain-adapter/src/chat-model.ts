/**
 * A LangChain chat model that plays a scripted turn function, as `FakeToolCallingModel` in
 * langchain's own tests does (langchain 1.5.14, dist/agents/tests/utils.js): `bindTools` keeps the
 * tools and answers with the same turns, `_generate` returns the turn's AIMessage. The planner's
 * text becomes tool calls with ids a model would mint, or a final message.
 */
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";

/** One model turn, given the conversation LangChain hands the model. */
export type TurnOf = (messages: readonly BaseMessage[]) => Promise<AIMessage>;

export class ScriptedChatModel extends BaseChatModel {
  constructor(private readonly turn: TurnOf) {
    super({});
  }
  _llmType(): string {
    return "harness-scripted";
  }
  override bindTools(): this {
    return this;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const message = await this.turn(messages);
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }
}

type PlannedCall = { readonly id?: unknown; readonly tool?: unknown; readonly arguments?: unknown };
/** A planned call: the planner's id for it (if any), the tool and its arguments. */
export type Planned = { readonly plannerId: string | undefined; readonly name: string; readonly args: unknown };

/** The planner's text as the calls it plans, or the final text when it plans none. */
export function plannedCalls(raw: string): { readonly calls: readonly Planned[]; readonly text: string } {
  let parsed: { type?: unknown; text?: unknown; calls?: unknown } & PlannedCall;
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    return { calls: [], text: raw };
  }
  const calls: PlannedCall[] =
    parsed.type === "tool_call"
      ? [parsed]
      : parsed.type === "tool_calls" && Array.isArray(parsed.calls)
        ? (parsed.calls as PlannedCall[])
        : [];
  const text = parsed.type === "final" && typeof parsed.text === "string" ? parsed.text : raw;
  return {
    text: calls.length === 0 ? text : "",
    calls: calls.map((c) => ({
      plannerId: typeof c.id === "string" && c.id.length > 0 ? c.id : undefined,
      name: typeof c.tool === "string" ? c.tool : "",
      args: c.arguments ?? {},
    })),
  };
}

/** An AIMessage with these tool calls (ids already minted), or with the text when there are none. */
export function aiMessage(text: string, calls: readonly { id: string; name: string; args: unknown }[]): AIMessage {
  return new AIMessage({
    content: text,
    tool_calls: calls.map((c) => ({ type: "tool_call" as const, id: c.id, name: c.name, args: c.args as never })),
  });
}

/**
 * A session's minting: the planner's id the first time the conversation sees it, else a fresh
 * `call_…`; `minted` is every id handed out (it outlives a restart, as the conversation does).
 */
export function mintCallId(minted: string[], fresh: (n: number) => string, plannerId: string | undefined): string {
  let id = plannerId !== undefined && !minted.includes(plannerId) ? plannerId : `call_${fresh(minted.length)}`;
  for (let n = minted.length + 1; minted.includes(id); n++) id = `call_${fresh(n)}`;
  minted.push(id);
  return id;
}
