/**
 * LangGraph's MemorySaver, seen through the few members the growth measure needs. The bench
 * never imports @langchain/* (the adapter is loaded dynamically); it gets the engine's own saver
 * from the environment's durable map and checks its shape here.
 *
 * MemorySaver keeps `storage[thread][namespace][checkpoint_id] = [checkpoint, metadata, parent]`
 * and `writes[JSON([thread, namespace, checkpoint_id])] = {…}`, and `getTuple` without an id
 * takes the greatest id after sorting all of them. Filler checkpoints are written through the
 * saver's own `put`, with ids that sort before LangGraph's uuid6 ids, so the real waiting
 * checkpoint stays the latest.
 */

type Config = { configurable: { thread_id: string; checkpoint_ns?: string; checkpoint_id?: string } };
type Tuple = { checkpoint: { id: string } & Record<string, unknown>; metadata?: Record<string, unknown> };
type Saver = {
  storage: Record<string, Record<string, Record<string, unknown>> | undefined>;
  writes: Record<string, Record<string, unknown>>;
  list(config: Config): AsyncIterable<Tuple>;
  put(
    config: Config,
    checkpoint: Tuple["checkpoint"],
    metadata: Record<string, unknown>,
    newVersions: Record<string, unknown>,
  ): Promise<unknown>;
};

export type MemorySaverView = {
  count(): number;
  fillOlder(target: number, deadline: number): Promise<void>;
  /** Puts the thread back exactly as it was after the last fill: the run's checkpoints and writes are removed. */
  restore(): void;
};

const NAMESPACE = "";

/** A checkpoint id that sorts before any uuid6 LangGraph makes today ("1f0…"). */
export const fillerId = (i: number): string => `00000000-0000-6000-8000-${i.toString(16).padStart(12, "0")}`;

export async function asMemorySaver(value: unknown, thread_id: string): Promise<MemorySaverView> {
  const saver = value as Saver;
  if (
    typeof saver.storage !== "object" ||
    typeof saver.writes !== "object" ||
    typeof saver.put !== "function" ||
    typeof saver.list !== "function"
  ) {
    throw new Error("the LangGraph checkpointer does not look like a MemorySaver (storage, writes, put, list)");
  }
  const checkpoints = () => {
    const found = saver.storage[thread_id]?.[NAMESPACE];
    if (found === undefined) throw new Error(`MemorySaver has no checkpoints for thread ${thread_id}`);
    return found;
  };
  const own: Tuple[] = [];
  for await (const tuple of saver.list({ configurable: { thread_id } })) own.push(tuple);
  const newestOwn = Object.keys(checkpoints()).sort().at(-1) ?? "";
  if (fillerId(0) >= newestOwn)
    throw new Error(`LangGraph's checkpoint ids (${newestOwn}) no longer sort after the filler ids`);

  const isThreadWrite = (key: string) => {
    try {
      return (JSON.parse(key) as unknown[])[0] === thread_id;
    } catch {
      return false;
    }
  };
  let keptIds = new Set(Object.keys(checkpoints()));
  let keptWrites = new Map<string, Record<string, unknown>>();
  const snapshot = () => {
    keptIds = new Set(Object.keys(checkpoints()));
    keptWrites = new Map(
      Object.entries(saver.writes)
        .filter(([key]) => isThreadWrite(key))
        .map(([key, entry]) => [key, { ...entry }]),
    );
  };
  snapshot();

  return {
    count: () => Object.keys(checkpoints()).length,
    async fillOlder(target, deadline) {
      let count = Object.keys(checkpoints()).length;
      for (let i = 0; count < target; i++) {
        if ((i & 255) === 0 && Date.now() > deadline) break;
        const source = own[i % own.length];
        if (source === undefined) throw new Error("no checkpoint of the thread to copy");
        await saver.put(
          { configurable: { thread_id, checkpoint_ns: NAMESPACE } },
          { ...source.checkpoint, id: fillerId(i) },
          source.metadata ?? {},
          {},
        );
        count += 1;
      }
      snapshot();
    },
    restore() {
      const stored = checkpoints();
      for (const id of Object.keys(stored)) if (!keptIds.has(id)) delete stored[id];
      for (const key of Object.keys(saver.writes)) {
        if (!isThreadWrite(key)) continue;
        const kept = keptWrites.get(key);
        if (kept === undefined) delete saver.writes[key];
        else saver.writes[key] = { ...kept };
      }
    },
  };
}
