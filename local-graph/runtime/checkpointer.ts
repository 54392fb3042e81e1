/** Graph checkpoints: the graph state after a step and the node that runs next. */
import type { SendPacket } from "./definition.js";

export type GraphCheckpoint<S> = {
  readonly thread_id: string;
  /** Committed node executions on this thread so far. */
  readonly step: number;
  readonly state: S;
  /** The node to run next, the packets of a fan-out, or null when the graph reached END. */
  readonly next: string | readonly SendPacket<S>[] | null;
  /**
   * Updates of fan-out tasks that finished in a step another task of which failed (LangGraph's
   * pending writes), by packet index; the resumed step runs only the packets without one.
   */
  readonly pending?: readonly unknown[];
  /** Answers a paused node already received for its earlier interrupts, in order. */
  readonly resumes?: readonly unknown[];
  /** The payload of an interrupt the next node is waiting on, or null. */
  readonly interrupt: unknown;
};

export interface GraphCheckpointer<S> {
  put(checkpoint: GraphCheckpoint<S>): void;
  latest(thread_id: string): GraphCheckpoint<S> | undefined;
  count(thread_id: string): number;
  /** Every checkpoint of a thread, oldest first (history, and restoring an older one). */
  list(thread_id: string): readonly GraphCheckpoint<S>[];
}

/**
 * In memory. `latest` is O(1) however long the history grows. A checkpoint is kept frozen, so a
 * caller's later change to the object it passed never rewrites history; one already frozen (the
 * sealed wrapper's) is kept as it is, without a second copy.
 */
export function createMemoryGraphCheckpointer<S>(): GraphCheckpointer<S> {
  const threads = new Map<string, GraphCheckpoint<S>[]>();
  return {
    put(checkpoint) {
      const kept = Object.isFrozen(checkpoint) ? checkpoint : Object.freeze({ ...checkpoint });
      const list = threads.get(checkpoint.thread_id);
      if (list === undefined) threads.set(checkpoint.thread_id, [kept]);
      else list.push(kept);
    },
    latest: (thread_id) => threads.get(thread_id)?.at(-1),
    count: (thread_id) => threads.get(thread_id)?.length ?? 0,
    list: (thread_id) => threads.get(thread_id) ?? [],
  };
}
