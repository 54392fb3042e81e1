/**
 * The scripted planner played through the AI SDK's own model interface: a `MockLanguageModelV3`
 * (ai/test) whose every turn is computed by the engine, so generateText runs unchanged around it.
 */
import { MockLanguageModelV3 } from "ai/test";

type Generate = MockLanguageModelV3["doGenerate"];
export type ModelContent = Awaited<ReturnType<Generate>>["content"];
export type ModelCall = Parameters<Generate>[0];

const NO_USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** One turn of the scripted planner: the model's content, and the raw text it answered (a provider's response body). */
export type ModelTurn = { readonly content: ModelContent; readonly raw: string };

export function turnModel(modelId: string, turn: (call: ModelCall) => Promise<ModelTurn>): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: "agent-harness",
    modelId,
    doGenerate: async (call) => {
      const { content, raw } = await turn(call);
      const calls = content.some((part) => part.type === "tool-call");
      return {
        content,
        finishReason: { unified: calls ? "tool-calls" : "stop", raw: undefined },
        usage: NO_USAGE,
        // As a provider keeps the body it parsed the content from: a middleware can check what the model sent.
        response: { body: raw },
        warnings: [],
      };
    },
  });
}
