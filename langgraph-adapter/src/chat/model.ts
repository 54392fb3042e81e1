/**
 * The chat model a user points at: any LangChain chat model that can bind tools (their OpenAI,
 * Anthropic or local model). Provider packages are not dependencies of this project; a module
 * exports the model, or a function that builds it.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { AIMessage, BaseMessage } from "@langchain/core/messages";
import { redact, toolOffers, type JsonValue, type ToolRegistry } from "../../../contract/index.js";

/** What the planner needs of a chat model. */
export type ChatModel = Pick<BaseChatModel, "bindTools" | "getName" | "_llmType" | "getLsParams">;
export type BoundModel = { invoke(messages: BaseMessage[]): Promise<AIMessage> };

export type ModelIdentity = {
  readonly name: string;
  readonly provider: string | null;
  readonly params: Record<string, JsonValue>;
};

export function isChatModel(value: unknown): value is ChatModel {
  const v = value as Partial<Record<keyof ChatModel, unknown>> | null;
  return (
    v !== null &&
    typeof v === "object" &&
    typeof v.bindTools === "function" &&
    typeof v.getName === "function" &&
    typeof v._llmType === "function" &&
    typeof v.getLsParams === "function"
  );
}

/** Name, provider and parameters as the model reports them (LangSmith's params, its identifying params), redacted. */
export function identify(model: ChatModel): ModelIdentity {
  const ls = model.getLsParams({});
  const identifying = (model as { _identifyingParams?: () => Record<string, unknown> })._identifyingParams?.() ?? {};
  const params = {
    llm_type: model._llmType(),
    ...identifying,
    ...(ls.ls_temperature === undefined ? {} : { temperature: ls.ls_temperature }),
    ...(ls.ls_max_tokens === undefined ? {} : { max_tokens: ls.ls_max_tokens }),
  };
  return {
    name: ls.ls_model_name ?? model.getName(),
    provider: ls.ls_provider ?? null,
    params: redact(JSON.parse(JSON.stringify(params)), Infinity) as Record<string, JsonValue>,
  };
}

/** Binds every registered tool, each with the JSON Schema of its zod input. */
export function bindRegistry(model: ChatModel, registry: ToolRegistry): BoundModel {
  if (model.bindTools === undefined) throw new Error("the chat model cannot bind tools");
  const tools = toolOffers(registry).map((t) => ({ name: t.name, description: t.description, schema: t.input_schema }));
  return model.bindTools(tools) as unknown as BoundModel;
}
