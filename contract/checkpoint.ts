/** Checkpoints: versioned plain data holding the agent state, its hash and its seal. */
import { z } from "zod";
import { err, ok, type Result } from "./result.js";
import { canonicalJson, cloneJson } from "./canonical.js";
import { checkSeal, checkSealJson, sealOfJson, type CheckpointTampered } from "./seal.js";
import { AgentStateEnvelopeSchema, type AgentState } from "./state.js";
import { deepFreeze, hashStateFields } from "./state-hash.js";

export const CHECKPOINT_VERSION = 1;

/** A stored state: its envelope checked here, everything else by the hash below and the seal over it. */
const StoredStateSchema = z.custom<AgentState>().check((ctx) => {
  const envelope = AgentStateEnvelopeSchema.safeParse(ctx.value);
  for (const { message, path } of envelope.error?.issues ?? [])
    ctx.issues.push({ code: "custom", message, path, input: ctx.value });
});

/** A checkpoint as every store holds it; a durable store reads its records back through this schema. */
export const CheckpointSchema = z
  .strictObject({
    v: z.literal(CHECKPOINT_VERSION),
    session_id: z.string(),
    seq: z.number(),
    checkpoint_hash: z.string(),
    state: StoredStateSchema,
    /** HMAC under the server-held secret over everything above (`seal.ts`), checked by `openCheckpoint`. */
    seal: z.string(),
  })
  .readonly()
  .refine((checkpoint) => holdsItsHash(checkpoint), "does not match its hash");

export type Checkpoint = z.infer<typeof CheckpointSchema>;

/** The state's hash under the rule in `state-hash.ts`, leaving out the hash field itself. */
export function hashState(state: Omit<AgentState, "checkpoint_hash"> | AgentState): string {
  return hashStateFields(state);
}

/** States made by `sealState`: deeply frozen, so a store may keep them without a copy. */
const sealedStates = new WeakSet<AgentState>();

/**
 * The state with its `checkpoint_hash` filled in, frozen all the way down. Freezing stops at
 * parts that are frozen already (the lists and objects shared with the previous state), so
 * sealing costs what the fact changed, not what the session holds.
 */
export function sealState<S extends AgentState>(state: S): S {
  return sealNewState({ ...state });
}

/**
 * `sealState` of a state object nobody else holds yet (the new state a fact has just built):
 * sealed in place, without the copy a caller's object needs.
 */
export function sealNewState<S extends AgentState>(state: S): S {
  // Own keys, not for-in, and only objects reach deepFreeze: most of a state's fields are primitives.
  const keys = Object.keys(state);
  for (let i = 0; i < keys.length; i++) {
    const value = (state as Record<string, unknown>)[keys[i] as string];
    if (typeof value === "object" && value !== null) deepFreeze(value);
  }
  (state as { checkpoint_hash: string }).checkpoint_hash = hashState(state);
  Object.freeze(state);
  sealedStates.add(state);
  return state;
}

/** True for a state `sealState` made: nothing in it can change. */
export function isSealed(state: AgentState): boolean {
  return sealedStates.has(state);
}

/**
 * The hash a state has now: the one `sealState` wrote, for a state it made (frozen all the way
 * down, so the hash cannot have moved), else computed from its content. Sealing a store's
 * record and checking one read back both take the state's hash from here.
 */
export function currentHashOf(state: AgentState): string {
  return isSealed(state) ? state.checkpoint_hash : hashState(state);
}

/**
 * The sealed checkpoint of a state. The seal covers the header — version, session, seq and
 * `checkpoint_hash` — and the hash identifies the state (`state-hash.ts`), so sealing costs the
 * same at fact 10 and fact 10,000; `openCheckpoint` checks that the state still has that hash.
 */
export function toCheckpoint(state: AgentState, secret: string): Checkpoint {
  const { session_id, seq, checkpoint_hash } = state;
  const header =
    headerJson(session_id, seq, checkpoint_hash) ?? canonicalJson(headerOf(session_id, seq, checkpoint_hash));
  const seal = sealOfJson(secret, session_id, header);
  // The header's fields written out, in its order: a spread of it would copy it once more per fact.
  return { v: CHECKPOINT_VERSION, session_id, seq, checkpoint_hash, state, seal };
}

function headerOf(session_id: string, seq: number, checkpoint_hash: string) {
  return { v: CHECKPOINT_VERSION, session_id, seq, checkpoint_hash } as const;
}

/**
 * `canonicalJson(headerOf(…))`, written out in its sorted key order (every commit seals a header and
 * every load checks one; the general writer's key sort costs more than the HMAC's input), or null
 * for fields of other types (a record read back may hold anything), which take the general way.
 */
function headerJson(session_id: unknown, seq: unknown, checkpoint_hash: unknown): string | null {
  if (typeof session_id !== "string" || typeof checkpoint_hash !== "string") return null;
  if (typeof seq !== "number" || !Number.isFinite(seq)) return null;
  const fields = `"seq":${canonicalJson(seq)},"session_id":${canonicalJson(session_id)}`;
  return `{"checkpoint_hash":${canonicalJson(checkpoint_hash)},${fields},"v":${CHECKPOINT_VERSION}}`;
}

/** The state of a stored checkpoint of `session_id`, once its seal and hash hold; the one check every load makes. */
export function openCheckpoint(
  checkpoint: Checkpoint,
  session_id: string,
  secret: string,
): Result<AgentState, CheckpointTampered> {
  const { seal, state } = checkpoint;
  // The seal covers the session id too: a record copied from another session does not open.
  const json =
    checkpoint.v === CHECKPOINT_VERSION
      ? headerJson(checkpoint.session_id, checkpoint.seq, checkpoint.checkpoint_hash)
      : null;
  const sealed =
    json === null
      ? checkSeal(
          secret,
          session_id,
          { ...headerOf(checkpoint.session_id, checkpoint.seq, checkpoint.checkpoint_hash), v: checkpoint.v },
          seal,
        )
      : checkSealJson(secret, session_id, json, seal);
  if (!sealed.ok) return sealed;
  if (!holdsItsHash(checkpoint))
    return err({
      code: "checkpoint_tampered",
      session_id,
      message: `checkpoint_tampered: session ${session_id}: the stored state does not match its sealed hash`,
    });
  return ok(state);
}

/** Whether the state still has the hash the checkpoint's header (and so its seal) names. */
function holdsItsHash({ state, checkpoint_hash }: { state: AgentState; checkpoint_hash: string }): boolean {
  let hash: string | null = null;
  try {
    hash = currentHashOf(state);
  } catch {
    // Not JSON data: tampered like any other edit.
  }
  return hash === checkpoint_hash && state.checkpoint_hash === checkpoint_hash;
}

/** Durable storage for checkpoints; `latest` is what a resumed run starts from. */
export interface CheckpointStore {
  /**
   * Saves `checkpoint` as the session's latest. With `after` (the `checkpoint_hash` of the checkpoint
   * it follows, null for a session's first), a store shared by processes saves it only while that
   * one is still the latest, and otherwise throws its conflict (`session_busy` on SQL), so a writer
   * that read a state another process has moved on from cannot bury the newer one. In one process,
   * the host's session locks order the writes, and the memory store does not check.
   */
  put(checkpoint: Checkpoint, after?: string | null): void;
  latest(session_id: string): Checkpoint | undefined;
  list(session_id: string): readonly Checkpoint[];
}

export type MemoryCheckpointOptions = {
  /**
   * `latest`: each session keeps only its latest checkpoint, and `list` answers that one. For a host
   * that only ever resumes from the latest (the MCP server), so a long-lived process does not hold
   * every checkpoint it ever wrote. @default "all" (rewinds and restores read the history)
   */
  readonly keep?: "all" | "latest";
};

/**
 * In memory. A caller mutating its state cannot rewrite history: a sealed state is immutable and
 * kept as it is (no per-fact copy of the whole session); anything else is stored as a copy.
 */
export function createMemoryCheckpointStore(options: MemoryCheckpointOptions = {}): CheckpointStore {
  const bySession = new Map<string, Checkpoint[]>();
  const latestOnly = options.keep === "latest";
  return {
    put(checkpoint) {
      const list = latestOnly ? [] : (bySession.get(checkpoint.session_id) ?? []);
      // A copy of a sealed state would be the same frozen data, whether or not the header matches it.
      list.push(Object.freeze(isSealed(checkpoint.state) ? { ...checkpoint } : cloneJson(checkpoint)));
      bySession.set(checkpoint.session_id, list);
    },
    latest(session_id) {
      return bySession.get(session_id)?.at(-1);
    },
    list(session_id) {
      return bySession.get(session_id) ?? [];
    },
  };
}
