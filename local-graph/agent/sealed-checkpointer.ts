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
import { CheckpointTamperedError, currentHashOf, digestOfList, openOrThrow, sealOf } from "../../contract/index.js";
import type { GraphCheckpoint, GraphCheckpointer } from "../runtime/index.js";
import type { LocalGraphState } from "./build.js";

type Checkpoint = GraphCheckpoint<LocalGraphState>;
type Sealed = Checkpoint & { readonly seal?: string };

/** A graph state as the seal covers it: the agent state by its hash, the trace by its chain digest. */
const stateForm = (state: LocalGraphState) => ({ agent: currentHashOf(state.agent), trace: digestOfList(state.trace) });

/**
 * What the seal covers: the checkpoint, with its state in `stateForm`, and so the state each packet
 * of a fan-out carries (the whole graph state, and the call it runs): serialising their traces
 * would cost each fan-out checkpoint the length of the session.
 */
function sealedForm(checkpoint: Checkpoint): unknown {
  const { state, next } = checkpoint;
  try {
    return {
      ...checkpoint,
      state: stateForm(state),
      ...(Array.isArray(next)
        ? { next: next.map(({ node, arg }) => ({ node, arg: { ...stateForm(arg), dispatch: arg.dispatch ?? null } })) }
        : {}),
    };
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
): GraphCheckpointer<LocalGraphState> {
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
