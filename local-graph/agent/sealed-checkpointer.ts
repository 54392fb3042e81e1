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
import {
  AppendList,
  canonicalJson,
  CheckpointTamperedError,
  currentHashOf,
  digestOfList,
  isImmutableJson,
  isSealed,
  openOrThrow,
  sealOfJson,
} from "../../contract/index.js";
import type { GraphCheckpoint, GraphCheckpointer, SendPacket } from "../runtime/index.js";
import type { LocalGraphState } from "./build.js";

type Checkpoint = GraphCheckpoint<LocalGraphState>;
type Sealed = Checkpoint & { readonly seal?: string };

/** A graph state as the seal covers it: the agent state by its hash, the trace by its chain digest. */
const stateForm = (state: LocalGraphState) => ({ agent: currentHashOf(state.agent), trace: digestOfList(state.trace) });

/**
 * What the seal covers: the checkpoint, with its state in `stateForm`, and so the state each packet
 * of a fan-out carries (the whole graph state, and the call it runs): serialising their traces
 * would cost each fan-out checkpoint the length of the session. A record read back is covered with
 * every key it holds, so a key added outside the harness breaks its seal; one being written, with
 * the keys `withSeal` stores, written out (a spread costs each write a copy more).
 */
function sealedForm(checkpoint: Checkpoint, written: boolean): unknown {
  const { thread_id, step, state, next, interrupt, resumes, pending } = checkpoint;
  try {
    const form = { state: stateForm(state), next: Array.isArray(next) ? next.map(packetForm) : next };
    if (!written) return { ...checkpoint, ...form };
    return { thread_id, step, state: form.state, next: form.next, interrupt, resumes, pending };
  } catch {
    throw new CheckpointTamperedError({
      code: "checkpoint_tampered",
      session_id: thread_id,
      message: `checkpoint_tampered: session ${thread_id}: the stored checkpoint is not an agent state`,
    });
  }
}

/**
 * `canonicalJson(sealedForm(checkpoint, true))` written out in its sorted key order, for the record
 * every graph step writes (no fan-out packets, resumes or pending writes): the general writer would
 * build the form, sort its keys and look for frozen parts at each step. Null for any other record.
 */
export function sealedFormJson(checkpoint: Checkpoint): string | null {
  const { thread_id, step, state, next, interrupt, resumes, pending } = checkpoint;
  if (resumes !== undefined || pending !== undefined || interrupt === undefined) return null;
  if (next !== null && typeof next !== "string") return null;
  const { chain, length } = digestOfList(state.trace);
  const agent = canonicalJson(currentHashOf(state.agent));
  const form = `"state":{"agent":${agent},"trace":{"chain":${canonicalJson(chain)},"length":${length}}}`;
  const head = `{"interrupt":${canonicalJson(interrupt)},"next":${canonicalJson(next)},${form}`;
  return `${head},"step":${canonicalJson(step)},"thread_id":${canonicalJson(thread_id)}}`;
}

/** The seal of a record being written. */
function sealFor(secret: string, checkpoint: Checkpoint): string {
  let json: string | null;
  try {
    json = sealedFormJson(checkpoint);
  } catch {
    json = null; // sealedForm names what is wrong
  }
  return sealOfJson(secret, checkpoint.thread_id, json ?? canonicalJson(sealedForm(checkpoint, true)));
}

function packetForm({ node, arg }: SendPacket<LocalGraphState>) {
  return { node, arg: { ...stateForm(arg), dispatch: arg.dispatch ?? null } };
}

/** The record stored: the checkpoint's fields and its seal, written out. */
function withSeal(checkpoint: Checkpoint, seal: string): Sealed {
  const { thread_id, step, state, next, interrupt, resumes, pending } = checkpoint;
  if (resumes === undefined && pending === undefined) return { thread_id, step, state, next, interrupt, seal };
  return {
    thread_id,
    step,
    state,
    next,
    interrupt,
    ...(resumes === undefined ? {} : { resumes }),
    ...(pending === undefined ? {} : { pending }),
    seal,
  };
}

/**
 * Records this process sealed whose sealed form cannot have changed since: frozen, with a frozen
 * state whose agent state is sealed and whose trace is an `AppendList` (which keeps its digest),
 * and nothing else the seal covers but plain values or immutable ones (`isImmutableJson`: an
 * approval wait's payload), and no fan-out packets. The seal of such a record holds by
 * construction, so reading it back skips re-serialising its form, and each is opened (its seal left off) once: the value every later read of it returns. A record
 * edited outside the harness is another object, and is checked.
 */
const opened = new WeakMap<object, Checkpoint | null>();

function cannotChange(record: Sealed): boolean {
  const { state, next } = record;
  return (
    Object.isFrozen(state) &&
    isSealed(state.agent) &&
    state.trace instanceof AppendList &&
    (next === null || typeof next === "string") &&
    // An approval wait's payload is frozen and, once sealed, written: its text cannot change either.
    (record.interrupt === null || isImmutableJson(record.interrupt)) &&
    record.resumes === undefined &&
    record.pending === undefined
  );
}

/** The record without its seal. */
function withoutSeal(stored: Sealed): Checkpoint {
  const { seal: _seal, ...record } = stored;
  return record;
}

export function sealedGraphCheckpointer(
  inner: GraphCheckpointer<unknown>,
  secret: string,
): GraphCheckpointer<LocalGraphState> {
  const open = (thread_id: string, stored: Sealed): Checkpoint => {
    const known = opened.get(stored);
    if (known !== undefined) {
      if (known !== null) return known;
      const record = Object.freeze(withoutSeal(stored));
      opened.set(stored, record);
      return record;
    }
    const record = withoutSeal(stored);
    openOrThrow(secret, thread_id, sealedForm(record, false), stored.seal);
    return record;
  };
  return {
    put(checkpoint) {
      const sealed = Object.freeze(withSeal(checkpoint, sealFor(secret, checkpoint)));
      if (cannotChange(sealed)) opened.set(sealed, null);
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
