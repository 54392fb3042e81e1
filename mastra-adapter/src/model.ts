/**
 * A scripted turn played through the AI SDK's model interface, which Mastra accepts as an agent's
 * model (`MastraModelConfig` takes a LanguageModelV2, V3 or V4 object; this is V3, @ai-sdk/provider
 * 3.x, the spec of AI SDK 6). Mastra's `generate` calls `doGenerate` once per model turn; the
 * engine computes each turn's content, so Mastra's loop runs unchanged around it.
 */
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Content } from "@ai-sdk/provider";

export type TurnContent = LanguageModelV3Content[];
export type Turn = (call: LanguageModelV3CallOptions) => Promise<TurnContent>;

const NO_USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

export function turnModel(modelId: string, turn: Turn): LanguageModelV3 {
  return {
    specificationVersion: "v3",
    provider: "agent-harness",
    modelId,
    supportedUrls: {},
    async doGenerate(call) {
      const content = await turn(call);
      const calls = content.some((part) => part.type === "tool-call");
      return {
        content,
        finishReason: { unified: calls ? "tool-calls" : "stop", raw: undefined },
        usage: NO_USAGE,
        warnings: [],
      };
    },
    doStream() {
      throw new Error("the harness runs Mastra's generate, which does not stream");
    },
  };
}

/** A tool call as a model states it: its arguments as JSON text. */
export const toolCall = (toolCallId: string, toolName: string, args: unknown): LanguageModelV3Content => ({
  type: "tool-call",
  toolCallId,
  toolName,
  input: JSON.stringify(args ?? {}),
});

export const text = (value: string): LanguageModelV3Content => ({ type: "text", text: value });
