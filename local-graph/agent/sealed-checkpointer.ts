/**
 * The local graph's checkpoints, sealed: every checkpoint written through this wrapper carries an
 * HMAC under the server-held secret (the contract's `sealOf`), and every read checks it, whatever
 * store is underneath (memory, files, a database). A record edited outside the harness throws
 * `CheckpointTamperedError` naming the thread, because the checkpointer interface returns values.
 */
import { openOrThrow, sealOf } from "../../handwritten/contract/index.js";
import type { GraphCheckpoint, GraphCheckpointer } from "../runtime/index.js";

type Sealed<S> = GraphCheckpoint<S> & { readonly seal?: string };

export function sealedGraphCheckpointer<S>(inner: GraphCheckpointer<S>, secret: string): GraphCheckpointer<S> {
  const open = (thread_id: string, stored: Sealed<S>): GraphCheckpoint<S> => {
    const { seal, ...record } = stored;
    return openOrThrow(secret, thread_id, record, seal);
  };
  return {
    put(checkpoint) {
      const sealed: Sealed<S> = { ...checkpoint, seal: sealOf(secret, checkpoint.thread_id, checkpoint) };
      inner.put(sealed);
    },
    latest(thread_id) {
      const stored = inner.latest(thread_id) as Sealed<S> | undefined;
      return stored === undefined ? undefined : open(thread_id, stored);
    },
    count: (thread_id) => inner.count(thread_id),
    list: (thread_id) => inner.list(thread_id).map((stored) => open(thread_id, stored)),
  };
}
