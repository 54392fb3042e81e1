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
  return {
    put(checkpoint) {
      const sealed: Sealed<S> = { ...checkpoint, seal: sealOf(secret, checkpoint.thread_id, checkpoint) };
      inner.put(sealed);
    },
    latest(thread_id) {
      const stored = inner.latest(thread_id) as Sealed<S> | undefined;
      if (stored === undefined) return undefined;
      const { seal, ...record } = stored;
      return openOrThrow(secret, thread_id, record, seal);
    },
    count: (thread_id) => inner.count(thread_id),
  };
}
