/** Checkpoints: versioned plain data holding the agent state, its hash and its seal. */
import { cloneJson, digest } from "./canonical.js";
import { ok, type Result } from "./result.js";
import { checkSeal, sealOf, type CheckpointTampered } from "./seal.js";
import type { AgentState } from "./state.js";

export const CHECKPOINT_VERSION = 1;

export type Checkpoint = {
  readonly v: typeof CHECKPOINT_VERSION;
  readonly session_id: string;
  readonly seq: number;
  readonly checkpoint_hash: string;
  readonly state: AgentState;
  /** HMAC under the server-held secret over everything above (`seal.ts`). */
  readonly seal: string;
};

/** sha256 over the canonical JSON of the state, leaving out the hash field itself. */
export function hashState(state: Omit<AgentState, "checkpoint_hash"> | AgentState): string {
  const { checkpoint_hash: _ignored, ...rest } = state as AgentState;
  return digest(rest);
}

/** The state with its `checkpoint_hash` filled in. */
export function sealState<S extends AgentState>(state: S): S {
  return { ...state, checkpoint_hash: hashState(state) };
}

/** The sealed checkpoint of a state. */
export function toCheckpoint(state: AgentState, secret: string): Checkpoint {
  const body = {
    v: CHECKPOINT_VERSION,
    session_id: state.session_id,
    seq: state.seq,
    checkpoint_hash: state.checkpoint_hash,
    state,
  } as const;
  return { ...body, seal: sealOf(secret, state.session_id, body) };
}

/** The state of a stored checkpoint of `session_id`, once its seal and hash hold; the one check every load makes. */
export function openCheckpoint(
  checkpoint: Checkpoint,
  session_id: string,
  secret: string,
): Result<AgentState, CheckpointTampered> {
  const { seal, ...body } = checkpoint;
  // The seal covers the session id too: a record copied from another session does not open.
  const sealed = checkSeal(secret, session_id, body, seal);
  return sealed.ok ? ok(checkpoint.state) : sealed;
}

/** Durable storage for checkpoints; `latest` is what a resumed run starts from. */
export interface CheckpointStore {
  put(checkpoint: Checkpoint): void;
  latest(session_id: string): Checkpoint | undefined;
  list(session_id: string): readonly Checkpoint[];
}

/** In memory; stores copies, so a caller mutating its state cannot rewrite history. */
export function createMemoryCheckpointStore(): CheckpointStore {
  const bySession = new Map<string, Checkpoint[]>();
  return {
    put(checkpoint) {
      const list = bySession.get(checkpoint.session_id) ?? [];
      list.push(Object.freeze(cloneJson(checkpoint)));
      bySession.set(checkpoint.session_id, list);
    },
    latest: (session_id) => bySession.get(session_id)?.at(-1),
    list: (session_id) => bySession.get(session_id) ?? [],
  };
}
