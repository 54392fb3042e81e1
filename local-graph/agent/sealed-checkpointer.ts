/**
 * The local graph's checkpoints, sealed: every checkpoint written through this wrapper carries an
 * HMAC under the server-held secret (the contract's `sealOf`), and every read checks it, whatever
 * store is underneath (memory, files, a database), except a record this process sealed and nothing
 * can change (below). A record edited outside the harness throws `CheckpointTamperedError` naming
 * the thread, because the checkpointer interface returns values.
 *
 * The seal covers the checkpoint with its agent state as `hashState` and its trace as its chain
 * digest (`state-hash.ts`), both recomputed from the content on every read (a state this process
 * sealed, frozen all the way down, keeps the hash it was sealed with), so an edit anywhere breaks
 * it, and sealing costs the same however long the session is.
 */
import {
  AppendList,
  CheckpointTamperedError,
  currentHashOf,
  digestOfList,
  isSealed,
  openOrThrow,
  sealOf,
} from "../../contract/index.js";
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

/**
 * Records this process sealed whose sealed form cannot change: frozen, with a frozen state whose
 * agent state is sealed and whose trace is an `AppendList` (which keeps its digest), and nothing
 * else the seal covers but plain values (no interrupt payload, no fan-out packets). Nearly every
 * node's checkpoint is one. Its seal is a function of parts that never change, so it is computed
 * when first read (a durable store writing the record, a copy taken of it), with the bytes it
 * would have had at `put`; reading the record back through this wrapper needs no check. A record
 * edited outside the harness is another object, and is checked.
 */
const unchanged = new WeakSet<object>();

function cannotChange(record: Checkpoint): boolean {
  const { state, next } = record;
  return (
    Object.isFrozen(state) &&
    isSealed(state.agent) &&
    state.trace instanceof AppendList &&
    (next === null || typeof next === "string") &&
    record.interrupt === null &&
    record.resumes === undefined &&
    record.pending === undefined
  );
}

/**
 * A frozen copy of `record` with its seal computed on first read, once, from the copy: an own
 * enumerable property, as JSON and spreads read it.
 */
function withLazySeal(record: Checkpoint, sealOfRecord: (record: Checkpoint) => string): Sealed {
  let seal: string | undefined;
  const sealed: Sealed = Object.defineProperty({ ...record }, "seal", {
    enumerable: true,
    get() {
      seal ??= sealOfRecord(withoutSeal(sealed));
      return seal;
    },
  });
  return Object.freeze(sealed);
}

/** A record this process sealed, as it was put: every field but the seal, which is not read (nor computed). */
function withoutSeal(stored: Sealed): Checkpoint {
  const record: Record<string, unknown> = {};
  for (const key of Object.keys(stored)) if (key !== "seal") record[key] = stored[key as keyof Sealed];
  return record as Checkpoint;
}

export function sealedGraphCheckpointer(
  inner: GraphCheckpointer<unknown>,
  secret: string,
): GraphCheckpointer<LocalGraphState> {
  const sealOfRecord = (record: Checkpoint) => sealOf(secret, record.thread_id, sealedForm(record));
  const open = (thread_id: string, stored: Sealed): Checkpoint => {
    if (unchanged.has(stored)) return withoutSeal(stored);
    const { seal, ...record } = stored;
    openOrThrow(secret, thread_id, sealedForm(record), seal);
    return record;
  };
  return {
    put(checkpoint) {
      if (!cannotChange(checkpoint)) return inner.put(Object.freeze({ ...checkpoint, seal: sealOfRecord(checkpoint) }));
      const sealed = withLazySeal(checkpoint, sealOfRecord);
      unchanged.add(sealed);
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
