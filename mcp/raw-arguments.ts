/** Kept apart from the stdio frame guard (Node streams), so the server module that reads them stays browser-safe. */
export type RequestId = string | number;

/**
 * `tools/call` arguments exactly as they arrived, one entry per request id, from the frame's
 * admission until the request is answered. An entry serves the handler only once its request
 * has reached the server through the guarded transport (`deliver`), so a transport that skipped
 * the guards cannot run a call. Bounded: the oldest entries are evicted first.
 */
export type RawArguments = {
  /** Keeps a frame's arguments; false when the id already holds some (a duplicate still in flight). */
  keep(id: RequestId, args: unknown): boolean;
  /** The request passed the request guard and went on to the server. */
  deliver(id: RequestId): void;
  /**
   * Forgets the id's arguments if they are at that stage: `undelivered` when their frame was refused
   * before reaching the server, `delivered` when its request was answered without a handler taking them.
   */
  drop(id: RequestId, stage: "delivered" | "undelivered"): void;
  /** The arguments of a delivered request, once. */
  take(id: RequestId): { readonly found: true; readonly args: unknown } | { readonly found: false };
};

type Entry = { readonly args: unknown; delivered: boolean };

export function createRawArguments(capacity = 1024): RawArguments {
  const byId = new Map<RequestId, Entry>();
  return {
    keep(id, args) {
      if (byId.has(id)) return false;
      byId.set(id, { args, delivered: false });
      for (const oldest of byId.keys()) {
        if (byId.size <= capacity) break;
        byId.delete(oldest);
      }
      return true;
    },
    deliver(id) {
      const entry = byId.get(id);
      if (entry !== undefined) entry.delivered = true;
    },
    drop(id, stage) {
      const entry = byId.get(id);
      if (entry !== undefined && entry.delivered === (stage === "delivered")) byId.delete(id);
    },
    take(id) {
      const entry = byId.get(id);
      if (entry === undefined || !entry.delivered) return { found: false };
      byId.delete(id);
      return { found: true, args: entry.args };
    },
  };
}
