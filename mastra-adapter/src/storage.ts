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
import { defineSlot, type EngineContext, type SlotKey } from "../../runtime/index.js";
import "./versions.js";

const STORE = defineSlot<LibSQLStore>("mastra.libsql_store");

/** What the engines read of a Mastra `generate` or approval call's output. */
export type MastraOutput = {
  readonly finishReason?: string | undefined;
  readonly runId?: string | undefined;
  readonly text?: string | undefined;
  readonly suspendPayload?: unknown;
  readonly steps?: readonly unknown[] | undefined;
};
/** One Mastra call (generate, or the approval API) on an agent, with the engine's step bound and abort signal. */
export type MastraCall = (
  agent: Agent,
  options: { maxSteps: number; abortSignal: AbortSignal },
) => Promise<MastraOutput>;

/** A slot's value, made on first use. */
export function slotOf<T>(env: EngineContext, key: SlotKey<T>, make: () => T): T {
  let value = env.slots.get(key);
  if (value === undefined) env.slots.set(key, (value = make()));
  return value;
}

export const storeOf = (env: EngineContext): LibSQLStore =>
  slotOf(env, STORE, () => new LibSQLStore({ id: "harness-storage", url: ":memory:" }));

/** The agent registered on a Mastra instance over the context's store, as `mastra.getAgent` hands it out. */
export function mastraAgent(env: EngineContext, model: LanguageModelV3, tools: ToolsInput): Agent {
  const agent = new Agent({ id: "harness", name: "harness", instructions: "Use the tools.", model, tools });
  // logger off: Mastra's console logger would print every suspension; nothing is exported anywhere.
  const mastra = new Mastra({ agents: { harness: agent }, storage: storeOf(env), logger: false });
  return mastra.getAgent("harness");
}

/**
 * Mastra's storage in a LibSQL file at `path` (the docs' `LibSQLStore` takes a `file:` url as well as
 * `:memory:`), put where the engines look for it: a test then reads every byte Mastra stored.
 */
export function useLibSqlFile(env: EngineContext, path: string): void {
  if (env.slots.has(STORE)) throw new Error(`the environment already has a Mastra store (${STORE.name})`);
  env.slots.set(STORE, new LibSQLStore({ id: "harness-storage", url: `file:${path}` }));
}

/**
 * What Mastra stored in the context's store, one text per run, read as its docs read stored runs
 * (`getStore("workflows")` then `listWorkflowRuns()`: https://mastra.ai/reference/migrations/upgrade-to-v1/storage,
 * @mastra/core 1.71.0): the workflow snapshots, a suspended run's messages and so its goal among them.
 * They are all this setup writes there (no Memory or observability is configured); the store is read
 * whole, as a column's environment holds one session.
 */
export async function storedRuns(env: EngineContext): Promise<readonly string[]> {
  const workflows = await storeOf(env).getStore("workflows");
  if (workflows === undefined) return [];
  const { runs } = await workflows.listWorkflowRuns();
  return runs.map((run) => JSON.stringify(run));
}
