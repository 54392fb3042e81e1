/**
 * A fake chat model for routes recorded without a provider: each turn is one of
 * @langchain/core's own fakes (FakeStreamingChatModel, in OpenAI or Anthropic tool style) or
 * a message built the way a provider integration builds it. The turn is picked by how many
 * assistant messages the conversation already holds, so the same conversation always gets the
 * same answer.
 */
import { BaseChatModel, type BaseChatModelParams } from "@langchain/core/language_models/chat_models";
import { AIMessage, defaultToolCallParser, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";

type Invokable = Pick<Runnable<BaseMessage[], AIMessage>, "invoke">;
export type ScriptedTurn = FakeStreamingChatModel | AIMessage;

export class ScriptedChatModel extends BaseChatModel {
  static override lc_name() {
    return "ScriptedChatModel";
  }
  readonly turns: readonly ScriptedTurn[];
  /** The turns after bindTools: each fake bound to the offered tools in its own style. */
  readonly bound: readonly (Invokable | AIMessage)[];
  /** The tool specs each fake formatted for its provider style, for tests to inspect. */
  readonly offered: readonly unknown[];

  constructor(
    fields: BaseChatModelParams & { turns: readonly ScriptedTurn[] },
    bound?: readonly (Invokable | AIMessage)[],
    offered: readonly unknown[] = [],
  ) {
    super(fields);
    this.turns = fields.turns;
    this.bound = bound ?? fields.turns;
    this.offered = offered;
  }

  _llmType() {
    return "scripted-fake";
  }

  override bindTools(tools: Parameters<FakeStreamingChatModel["bindTools"]>[0]) {
    const bound = this.turns.map((turn) => (turn instanceof FakeStreamingChatModel ? turn.bindTools(tools) : turn));
    return new ScriptedChatModel({ turns: this.turns }, bound, tools) as never;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const index = messages.filter((m) => m.getType() === "ai").length;
    const turn = this.bound[index];
    const message =
      turn === undefined
        ? new AIMessage("I have nothing more to add.")
        : turn instanceof AIMessage
          ? turn
          : await turn.invoke(messages);
    return { generations: [{ message, text: typeof message.content === "string" ? message.content : "" }] };
  }
}

/** A turn that calls tools, emitted by @langchain/core's FakeStreamingChatModel in the given tool style. */
export function fakeToolTurn(
  calls: readonly { readonly name: string; readonly args: Record<string, unknown>; readonly id?: string }[],
  toolStyle: "openai" | "anthropic" = "openai",
  content: AIMessage["content"] = "",
): FakeStreamingChatModel {
  const tool_calls = calls.map((c, i) => ({
    id: c.id ?? `call_${i}`,
    name: c.name,
    args: c.args,
    type: "tool_call" as const,
  }));
  return new FakeStreamingChatModel({
    toolStyle,
    responses: [new AIMessage({ content })],
    chunks: [new AIMessage({ content: "", tool_calls }) as never],
  });
}

/** A turn that answers in text. */
export function fakeTextTurn(text: string): FakeStreamingChatModel {
  return new FakeStreamingChatModel({ responses: [new AIMessage(text)] });
}

/** A call whose arguments do not parse, in OpenAI's wire format, sorted by @langchain/core's own parser into invalid_tool_calls. */
export function malformedCallTurn(name: string, rawArguments: string): AIMessage {
  const wire = [{ id: "call_bad", type: "function", function: { name, arguments: rawArguments } }];
  const [tool_calls, invalid_tool_calls] = defaultToolCallParser(wire);
  return new AIMessage({ content: "", tool_calls, invalid_tool_calls });
}
