/**
 * Mastra's storage as the docs set it up (https://mastra.ai/docs/agents/agent-approval, "Storage":
 * a `LibSQLStore` with `url: ":memory:"` on the Mastra instance; approval suspends into a snapshot
 * there). The store lives in the engine context's slots, so an engine made again over the same
 * context (a "new process") finds the suspended runs a durable store would keep; the Mastra
 * instance and its agent are made fresh each time, as a restarted server makes them.
 */
import { Agent, type ToolsInput } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { LibSQLStore } from "@mastra/libsql";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { defineSlot, type EngineContext } from "../../runtime/index.js";
import "./versions.js";

const STORE = defineSlot<LibSQLStore>("mastra.libsql_store");

export function storeOf(env: EngineContext): LibSQLStore {
  let store = env.slots.get(STORE);
  if (store === undefined) env.slots.set(STORE, (store = new LibSQLStore({ id: "harness-storage", url: ":memory:" })));
  return store;
}

/** The agent registered on a Mastra instance over the context's store, as `mastra.getAgent` hands it out. */
export function mastraAgent(env: EngineContext, model: LanguageModelV3, tools: ToolsInput): Agent {
  const agent = new Agent({ id: "harness", name: "harness", instructions: "Use the tools.", model, tools });
  // logger off: Mastra's console logger would print every suspension; nothing is exported anywhere.
  const mastra = new Mastra({ agents: { harness: agent }, storage: storeOf(env), logger: false });
  return mastra.getAgent("harness");
}
