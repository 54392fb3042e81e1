/**
 * Tampering as someone with write access to a store does it, between two turns: the tampering columns
 * edit what an engine keeps, never through the engine. Each place is reached the way the secret
 * columns read stored bytes (stored-text.ts): the contract's stores, and the engine's own storage in
 * its slots, told apart by shape. The editor recomputes every unkeyed hash (argument digests,
 * `checkpoint_hash`) and keeps the record's seal: only a seal under the server-held secret can tell.
 */
import { assertNever, digest, hashState, type AgentState, type Checkpoint } from "../contract/index.js";
import type { Environment } from "../handwritten/fixtures/environment.js";

/** Every stored place a call edit can reach, one row each. */
export const TAMPER_PLACES = [
  { id: "contract_checkpoints", about: "the contract's checkpoint store (the reference and the hardened engines)" },
  { id: "graph_checkpointer", about: "a graph engine's own checkpointer (the local state graph)" },
  { id: "langgraph_saver", about: "a LangGraph checkpoint saver whose channels hold the agent state" },
  { id: "message_history", about: "an AI SDK app's saved message histories (sealed on the hardened engine)" },
] as const;
export type TamperPlace = (typeof TAMPER_PLACES)[number]["id"];

/** The waiting call of `tool` gets other arguments. */
export type CallEdit = {
  readonly tool: string;
  readonly args: (args: Record<string, unknown>) => Record<string, unknown>;
};

/** The tampering a scenario can do between turns. */
export type TamperAction =
  | { readonly kind: "edit_waiting_call"; readonly edit: CallEdit }
  /** A completed ledger key forgets its outcome. */
  | { readonly kind: "forget_outcome"; readonly key: string }
  /** The engine's state goes back to an older copy taken while a call was executing; the ledger is kept. */
  | { readonly kind: "restore_to_intent" };

/** Performs a tampering action; false when the engine keeps nothing there the column can reach. */
export async function tamper(env: Environment, session: string, action: TamperAction): Promise<boolean> {
  switch (action.kind) {
    case "edit_waiting_call":
      return (await editWaitingCall(env, session, action.edit)).length > 0;
    case "forget_outcome":
      return forgetOutcome(env, action.key);
    case "restore_to_intent":
      return (await restoreToIntent(env, session)).length > 0;
    default:
      return assertNever(action);
  }
}

/** An agent state whose waiting call is `edit.tool`, edited, with the hashes recomputed; else null. */
function editState(state: AgentState, edit: CallEdit): AgentState | null {
  if (state.status !== "approval_required" || state.call.tool !== edit.tool) return null;
  const args = edit.args({ ...state.call.args });
  const args_digest = digest(args);
  const call = { ...state.call, args, args_digest };
  const edited = { ...state, call, pending_approval: { ...state.pending_approval, args, args_digest } };
  return { ...edited, checkpoint_hash: hashState(edited) };
}

type GraphRecord = { readonly state: { readonly agent: AgentState } };
type GraphStore = {
  latest(thread: string): GraphRecord | undefined;
  list(thread: string): readonly GraphRecord[];
  put(record: GraphRecord): void;
};
type Tuple = { readonly checkpoint: { readonly channel_values: Record<string, unknown> } } & Record<string, unknown>;
type Saver = {
  getTuple(config: object): Promise<Tuple | undefined>;
  list(config: object): AsyncIterable<Tuple & { readonly config: { readonly configurable?: Record<string, unknown> } }>;
  /** MemorySaver's rows: thread, namespace, checkpoint id. */
  readonly storage?: Record<string, Record<string, Record<string, unknown>> | undefined>;
  /** MemorySaver's pending writes, by JSON [thread, namespace, checkpoint id]. */
  readonly writes?: Record<string, unknown>;
  put(config: object, checkpoint: object, metadata: unknown, versions: object): Promise<unknown>;
};
type Part = { readonly type?: unknown; readonly toolName?: unknown; readonly input?: unknown };
type Message = { readonly role?: unknown; readonly content?: unknown };
type Histories = { readonly saved: unknown[] };

const isAgentState = (value: unknown): value is AgentState =>
  typeof value === "object" && value !== null && "checkpoint_hash" in value && "status" in value;
const hasMethods = (value: unknown, ...names: string[]) =>
  typeof value === "object" &&
  value !== null &&
  names.every((n) => typeof (value as Record<string, unknown>)[n] === "function");

/** Rewrites the waiting call in every place that holds the session's latest state; answers the places reached. */
export async function editWaitingCall(env: Environment, session: string, edit: CallEdit): Promise<TamperPlace[]> {
  const reached: TamperPlace[] = [];
  const latest = env.checkpoints.latest(session);
  const state = latest === undefined ? null : editState(latest.state, edit);
  if (latest !== undefined && state !== null) {
    // The header names the recomputed hash; the seal stays the one written for the old.
    const edited: Checkpoint = { ...latest, checkpoint_hash: state.checkpoint_hash, state };
    env.checkpoints.put(edited, latest.checkpoint_hash);
    reached.push("contract_checkpoints");
  }
  for (const { value } of env.slots.entries()) {
    if (hasMethods(value, "latest", "put", "count") && editGraph(value as GraphStore, session, edit))
      reached.push("graph_checkpointer");
    else if (hasMethods(value, "getTuple", "put") && (await editSaver(value as Saver, session, edit)))
      reached.push("langgraph_saver");
    else if (value instanceof Map && editHistory(value.get(session), edit)) reached.push("message_history");
  }
  return reached;
}

function editGraph(store: GraphStore, session: string, edit: CallEdit): boolean {
  const record = store.latest(session);
  const agent = isAgentState(record?.state?.agent) ? editState(record.state.agent, edit) : null;
  if (record === undefined || agent === null) return false;
  store.put({ ...record, state: { ...record.state, agent } });
  return true;
}

/** LangGraph's latest checkpoint of the session, its agent channel edited, written back under its own id. */
async function editSaver(saver: Saver, session: string, edit: CallEdit): Promise<boolean> {
  const tuple = await saver.getTuple({ configurable: { thread_id: session, checkpoint_ns: "" } });
  const agent = tuple?.checkpoint.channel_values["agent"];
  const edited = isAgentState(agent) ? editState(agent, edit) : null;
  if (tuple === undefined || edited === null) return false;
  const channel_values = { ...tuple.checkpoint.channel_values, agent: edited };
  const parent = (tuple["parentConfig"] as object | undefined) ?? { configurable: { thread_id: session } };
  await saver.put(parent, { ...tuple.checkpoint, channel_values }, tuple["metadata"], {});
  return true;
}

/**
 * An app's saved histories of the session (`{ saved: [...] }`, each a session with `messages`, or a sealed
 * `{ session, seal }`): the latest one again, its last call of the tool edited, saved as the newest.
 */
function editHistory(kept: unknown, edit: CallEdit): boolean {
  const saved = (kept as Partial<Histories> | undefined)?.saved;
  const last = Array.isArray(saved) ? (saved.at(-1) as Record<string, unknown> | undefined) : undefined;
  if (saved === undefined || last === undefined) return false;
  const sealed = typeof last["seal"] === "string" && typeof last["session"] === "object";
  const stored = (sealed ? last["session"] : last) as { readonly messages?: unknown };
  if (!Array.isArray(stored.messages)) return false;
  const messages = [...(stored.messages as Message[])];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as Message;
    if (message.role !== "assistant" || !Array.isArray(message.content)) continue;
    const parts = (message.content as Part[]).map((p) =>
      p.type === "tool-call" && p.toolName === edit.tool
        ? { ...p, input: edit.args({ ...(p.input as Record<string, unknown>) }) }
        : p,
    );
    if (parts.every((p, j) => p === (message.content as Part[])[j])) continue;
    messages[i] = { ...message, content: parts };
    const session = { ...stored, messages };
    saved.push(sealed ? { ...last, session } : session);
    return true;
  }
  return false;
}

const executing = (state: unknown) => isAgentState(state) && state.status === "executing";
const lastOf = <T>(list: readonly T[], holds: (item: T) => boolean): T | undefined => [...list].reverse().find(holds);

/**
 * The stores restored from a copy taken while a call was executing (its intent checkpointed, no outcome
 * yet), the ledger kept as it is now: an older record, sealed when it was written, becomes the latest.
 */
export async function restoreToIntent(env: Environment, session: string): Promise<TamperPlace[]> {
  const reached: TamperPlace[] = [];
  const history = env.checkpoints.list(session);
  const target = lastOf(history, (c) => executing(c.state));
  if (target !== undefined && target !== history.at(-1)) {
    env.checkpoints.put(target, history.at(-1)?.checkpoint_hash ?? null);
    reached.push("contract_checkpoints");
  }
  for (const { value } of env.slots.entries()) {
    if (hasMethods(value, "latest", "list", "put", "count")) {
      const records = (value as GraphStore).list(session);
      const record = lastOf(records, (r) => executing(r.state?.agent));
      if (record === undefined || record === records.at(-1)) continue;
      (value as GraphStore).put(record);
      reached.push("graph_checkpointer");
    } else if (hasMethods(value, "getTuple", "list") && (await restoreSaver(value as Saver, session))) {
      reached.push("langgraph_saver");
    } else if (value instanceof Map && restoreHistory(value.get(session))) {
      reached.push("message_history");
    }
  }
  return reached;
}

/** An app's saved history taken before an effect (it names the intent it is `executing`), saved again as the newest. */
function restoreHistory(kept: unknown): boolean {
  const saved = (kept as Partial<Histories> | undefined)?.saved;
  if (!Array.isArray(saved)) return false;
  const sessionOf = (entry: unknown) => {
    const e = entry as Record<string, unknown>;
    return (typeof e["seal"] === "string" ? e["session"] : e) as { readonly executing?: unknown };
  };
  const target = lastOf(saved, (entry) => typeof sessionOf(entry).executing === "object");
  if (target === undefined || target === saved.at(-1)) return false;
  saved.push(target);
  return true;
}

/** A MemorySaver's rows newer than its latest executing checkpoint of the session, gone (a restored copy has none). */
async function restoreSaver(saver: Saver, session: string): Promise<boolean> {
  const rows = saver.storage?.[session]?.[""];
  if (rows === undefined) return false;
  let target: string | undefined;
  for await (const tuple of saver.list({ configurable: { thread_id: session, checkpoint_ns: "" } })) {
    if (!executing(tuple.checkpoint.channel_values["agent"])) continue;
    target = String(tuple.config.configurable?.["checkpoint_id"]);
    break;
  }
  const newer = Object.keys(rows).filter((id) => target !== undefined && id > target);
  for (const id of newer) delete rows[id];
  // The copy was taken before the executing step's own writes were saved (LangGraph would replay them).
  for (const id of target === undefined ? [] : [target, ...newer])
    delete saver.writes?.[JSON.stringify([session, "", id])];
  return newer.length > 0;
}

/**
 * The ledger forgets a completed entry's outcome: the entry goes back to what it was just before the
 * outcome was written (in flight, dispatched, its owner kept), as a store rolled back by one write.
 * Written through the store's own operations; answers whether there was a completed entry to forget.
 */
export function forgetOutcome(env: Environment, key: string): boolean {
  const entry = env.ledger.get(key);
  if (entry?.state !== "completed") return false;
  const { tool, args_digest, owner, updated_at } = entry;
  env.ledger.release(key);
  env.ledger.begin({ key, tool, args_digest, owner, at: updated_at });
  env.ledger.setDispatched(key, true, updated_at);
  return true;
}
