/**
 * The stored places a tampering column reaches (tamper.ts), and their shapes: each is told apart by shape
 * among the contract's stores and an engine's slots, the way the secret columns read stored bytes
 * (stored-text.ts), so no engine is imported here.
 */
import type { AgentState } from "../contract/index.js";

/** Every stored place a tampering action can reach, one row each. */
export const TAMPER_PLACES = [
  { id: "contract_checkpoints", about: "the contract's checkpoint store (the reference and the hardened engines)" },
  { id: "graph_checkpointer", about: "a graph engine's own checkpointer (the local state graph)" },
  { id: "langgraph_saver", about: "a LangGraph checkpoint saver whose channels hold the agent state" },
  { id: "message_history", about: "an AI SDK app's saved message histories (sealed on the hardened engine)" },
  { id: "session_record", about: "what an app keeps per session as plain data (a client's view, a RunState as JSON)" },
] as const;
export type TamperPlace = (typeof TAMPER_PLACES)[number]["id"];

/** A local graph checkpointer and its records (local-graph/runtime/checkpointer.ts). */
export type GraphRecord = { readonly state: { readonly agent: AgentState } };
export type GraphStore = {
  latest(thread: string): GraphRecord | undefined;
  list(thread: string): readonly GraphRecord[];
  put(record: GraphRecord): void;
};
/** A LangGraph checkpoint saver (BaseCheckpointSaver), with MemorySaver's own fields where a restore needs them. */
export type Tuple = { readonly checkpoint: { readonly channel_values: Record<string, unknown> } } & Record<
  string,
  unknown
>;
export type Saver = {
  getTuple(config: object): Promise<Tuple | undefined>;
  list(config: object): AsyncIterable<Tuple & { readonly config: { readonly configurable?: Record<string, unknown> } }>;
  /** MemorySaver's rows: thread, namespace, checkpoint id. */
  readonly storage?: Record<string, Record<string, Record<string, unknown>> | undefined>;
  /** MemorySaver's pending writes, by JSON [thread, namespace, checkpoint id]. */
  readonly writes?: Record<string, unknown>;
  put(config: object, checkpoint: object, metadata: unknown, versions: object): Promise<unknown>;
};
/** An AI SDK message history's parts, as far as an edit reads them. */
export type Part = { readonly type?: unknown; readonly toolName?: unknown; readonly input?: unknown };
export type Message = { readonly role?: unknown; readonly content?: unknown };
export type Histories = { readonly saved: unknown[] };

export const isAgentState = (value: unknown): value is AgentState =>
  typeof value === "object" && value !== null && "checkpoint_hash" in value && "status" in value;
export const hasMethods = (value: unknown, ...names: string[]) =>
  typeof value === "object" &&
  value !== null &&
  names.every((n) => typeof (value as Record<string, unknown>)[n] === "function");

export const executing = (state: unknown) => isAgentState(state) && state.status === "executing";
export const lastOf = <T>(list: readonly T[], holds: (item: T) => boolean): T | undefined =>
  [...list].reverse().find(holds);

/** The saved histories of an app's session (`{ saved: [...] }`), or undefined for anything else. */
export const savedHistories = (kept: unknown): unknown[] | undefined => {
  const saved = (kept as Partial<Histories> | undefined)?.saved;
  return Array.isArray(saved) ? saved : undefined;
};

/** A saved history as the app stores it: the session itself, or `{ session, seal }` on a sealed store. */
export const isSealedHistory = (entry: unknown): entry is { readonly session: object; readonly seal: string } =>
  typeof (entry as { seal?: unknown } | undefined)?.seal === "string" &&
  typeof (entry as { session?: unknown }).session === "object";
