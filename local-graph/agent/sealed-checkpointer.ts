/**
 * The local graph's checkpoints, sealed: every checkpoint written through this wrapper carries an
 * HMAC under the server-held secret (the contract's `sealOf`), and every read checks it, whatever
 * store is underneath (memory, files, a database). A record edited outside the harness throws
 * `CheckpointTamperedError` naming the thread, because the checkpointer interface returns values.
 *
 * The seal covers the checkpoint with its agent state as `hashState` and its trace as its chain
 * digest (`state-hash.ts`), both recomputed from the content on every read (a state this process
 * sealed, frozen all the way down, keeps the hash it was sealed with), so an edit anywhere breaks
 * it, and sealing costs the same however long the session is.
 */
import { CheckpointTamperedError, currentHashOf, listDigest, openOrThrow, sealOf } from "../../contract/index.js";
import type { GraphCheckpoint, GraphCheckpointer } from "../runtime/index.js";
import type { AgentGraphState } from "./nodes.js";

type Checkpoint = GraphCheckpoint<AgentGraphState>;
type Sealed = Checkpoint & { readonly seal?: string };

/** What the seal covers: the checkpoint, with the state's lists by their digests. */
function sealedForm(checkpoint: Checkpoint): unknown {
  const { state } = checkpoint;
  try {
    return { ...checkpoint, state: { agent: currentHashOf(state.agent), trace: listDigest(state.trace) } };
  } catch {
    throw new CheckpointTamperedError({
      code: "checkpoint_tampered",
      session_id: checkpoint.thread_id,
      message: `checkpoint_tampered: session ${checkpoint.thread_id}: the stored checkpoint is not an agent state`,
    });
  }
}

export function sealedGraphCheckpointer(
  inner: GraphCheckpointer<unknown>,
  secret: string,
): GraphCheckpointer<AgentGraphState> {
  const open = (thread_id: string, stored: Sealed): Checkpoint => {
    const { seal, ...record } = stored;
    openOrThrow(secret, thread_id, sealedForm(record), seal);
    return record;
  };
  return {
    put(checkpoint) {
      const sealed: Sealed = { ...checkpoint, seal: sealOf(secret, checkpoint.thread_id, sealedForm(checkpoint)) };
      inner.put(sealed);
    },
    latest(thread_id) {
      const stored = inner.latest(thread_id) as Sealed | undefined;
      return stored === undefined ? undefined : open(thread_id, stored);
    },
    count: (thread_id) => inner.count(thread_id),
    list: (thread_id) => inner.list(thread_id).map((stored) => open(thread_id, stored as Sealed)),
  };
}
