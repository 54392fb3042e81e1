/** Graph checkpoints: the graph state after a step and the node that runs next. */

export type GraphCheckpoint<S> = {
  readonly thread_id: string;
  /** Committed node executions on this thread so far. */
  readonly step: number;
  readonly state: S;
  /** The node to run next, or null when the graph reached END. */
  readonly next: string | null;
  /** The payload of an interrupt the next node is waiting on, or null. */
  readonly interrupt: unknown;
};

export interface GraphCheckpointer<S> {
  put(checkpoint: GraphCheckpoint<S>): void;
  latest(thread_id: string): GraphCheckpoint<S> | undefined;
  count(thread_id: string): number;
}

/** In memory. `latest` is O(1) however long the history grows. */
export function createMemoryGraphCheckpointer<S>(): GraphCheckpointer<S> {
  const threads = new Map<string, GraphCheckpoint<S>[]>();
  return {
    put(checkpoint) {
      const list = threads.get(checkpoint.thread_id) ?? [];
      list.push(Object.freeze({ ...checkpoint }));
      threads.set(checkpoint.thread_id, list);
    },
    latest: (thread_id) => threads.get(thread_id)?.at(-1),
    count: (thread_id) => threads.get(thread_id)?.length ?? 0,
  };
}
