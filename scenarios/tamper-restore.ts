/**
 * The stores restored from a copy taken while a call was executing: its intent checkpointed, no outcome
 * yet, while the ledger stays as it is now. An older record, sealed when it was written, becomes the latest.
 */
import type { Environment } from "../handwritten/fixtures/environment.js";
import {
  executing,
  hasMethods,
  isSealedHistory,
  lastOf,
  savedHistories,
  type GraphStore,
  type Saver,
  type TamperPlace,
} from "./tamper-places.js";

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
  const saved = savedHistories(kept);
  if (saved === undefined) return false;
  const target = lastOf(saved, (entry) => {
    const session = (isSealedHistory(entry) ? entry.session : entry) as { readonly executing?: unknown };
    return typeof session.executing === "object" && session.executing !== null;
  });
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
  if (target === undefined) return false;
  const newer = Object.keys(rows).filter((id) => id > (target as string));
  if (newer.length === 0) return false;
  for (const id of newer) delete rows[id];
  // The copy was taken before the executing step's own writes were saved (LangGraph would replay them).
  for (const id of [target, ...newer]) delete saver.writes?.[JSON.stringify([session, "", id])];
  return true;
}
