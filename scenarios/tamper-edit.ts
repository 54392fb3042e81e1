/**
 * A waiting call's arguments rewritten in whatever holds the session's latest state, as someone with write
 * access to the store does it: every unkeyed hash (argument digests, `checkpoint_hash`) recomputed, the
 * record's seal kept, so only a seal under the server-held secret can tell.
 */
import { digest, hashState, type AgentState, type Checkpoint } from "../contract/index.js";
import type { Environment } from "../handwritten/fixtures/environment.js";
import {
  hasMethods,
  isAgentState,
  isSealedHistory,
  savedHistories,
  type GraphStore,
  type Message,
  type Part,
  type Saver,
  type TamperPlace,
} from "./tamper-places.js";

/** The waiting call of `tool` gets other arguments. */
export type CallEdit = {
  readonly tool: string;
  readonly args: (args: Record<string, unknown>) => Record<string, unknown>;
};

/** An agent state whose waiting call is `edit.tool`, edited, with the hashes recomputed; else null. */
function editState(state: AgentState, edit: CallEdit): AgentState | null {
  if (state.status !== "approval_required" || state.call.tool !== edit.tool) return null;
  const args = edit.args({ ...state.call.args });
  const args_digest = digest(args);
  const call = { ...state.call, args, args_digest };
  const edited = { ...state, call, pending_approval: { ...state.pending_approval, args, args_digest } };
  return { ...edited, checkpoint_hash: hashState(edited) };
}

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
    else if (value instanceof Map && value.has(session)) {
      // What an app keeps per session as plain data (a client's view, a RunState as JSON text): every mention edited.
      const edited = editMentions(value.get(session), edit);
      if (edited === undefined) continue;
      value.set(session, edited);
      reached.push("session_record");
    }
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
  const saved = savedHistories(kept);
  const last: unknown = saved?.at(-1);
  if (saved === undefined || last === undefined) return false;
  const stored = (isSealedHistory(last) ? last.session : last) as { readonly messages?: unknown };
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
    saved.push(isSealedHistory(last) ? { ...last, session } : session);
    return true;
  }
  return false;
}

/**
 * `value` with every mention of a call of the tool edited, or undefined when none is: an object naming the tool
 * (`tool`, `name` or `toolName`) gets its arguments (`args`, `input`, or `arguments` as an object or as JSON
 * text) edited, and a string holding JSON is edited inside and written back as JSON.
 */
function editMentions(value: unknown, edit: CallEdit): unknown {
  if (typeof value === "string") {
    if (!/^[[{]/.test(value)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
    const edited = editMentions(parsed, edit);
    return edited === undefined ? undefined : JSON.stringify(edited);
  }
  if (typeof value !== "object" || value === null) return undefined;
  let changed = false;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  for (const [key, item] of Object.entries(value)) {
    const edited = editMentions(item, edit);
    if (edited === undefined) continue;
    (copy as Record<string, unknown>)[key] = edited;
    changed = true;
  }
  if (!Array.isArray(copy) && [copy["tool"], copy["name"], copy["toolName"]].includes(edit.tool)) {
    for (const field of ["args", "input", "arguments"]) {
      const args = copy[field];
      if (typeof args === "object" && args !== null && !Array.isArray(args)) {
        copy[field] = edit.args({ ...(args as Record<string, unknown>) });
        changed = true;
      } else if (typeof args === "string" && args.startsWith("{")) {
        copy[field] = JSON.stringify(edit.args({ ...(JSON.parse(args) as Record<string, unknown>) }));
        changed = true;
      }
    }
  }
  return changed ? copy : undefined;
}
