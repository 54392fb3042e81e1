/** Kept apart from the stdio frame guard (Node streams), so the server module that reads them stays browser-safe. */
export type RequestId = string | number;

/**
 * `tools/call` arguments as they arrived, by request id, in arrival order, until the handler
 * takes them. A request refused before any handler ran (a duplicate id) drops the entry it
 * added last. Bounded: the oldest entries are evicted first.
 */
export type RawArguments = {
  put(id: RequestId, args: unknown): void;
  take(id: RequestId): { readonly found: boolean; readonly args: unknown };
  discard(id: RequestId): void;
};

export function createRawArguments(capacity = 1024): RawArguments {
  const byId = new Map<RequestId, unknown[]>();
  let size = 0;
  return {
    put(id, args) {
      const queue = byId.get(id) ?? [];
      queue.push(args);
      byId.set(id, queue);
      size += 1;
      for (const [oldest, entries] of byId) {
        if (size <= capacity) break;
        size -= entries.length;
        byId.delete(oldest);
      }
    },
    take(id) {
      const queue = byId.get(id);
      if (queue === undefined || queue.length === 0) return { found: false, args: undefined };
      const args = queue.shift();
      size -= 1;
      if (queue.length === 0) byId.delete(id);
      return { found: true, args };
    },
    discard(id) {
      const queue = byId.get(id);
      if (queue === undefined || queue.length === 0) return;
      queue.pop();
      size -= 1;
      if (queue.length === 0) byId.delete(id);
    },
  };
}
