/** Ids and nonces are injected and derived from a seed, so every engine and every run agrees. */
import { sha256Hex } from "./canonical.js";

export type IdSource = {
  /** The id of the `seq`-th fact of a session. */
  eventId(session_id: string, seq: number): string;
  /** An unguessable-without-the-seed nonce for the approval requested at `seq`. */
  nonce(session_id: string, seq: number): string;
};

export function createIdSource(seed: string): IdSource {
  return {
    eventId(session_id, seq) {
      return `${session_id}:${String(seq).padStart(4, "0")}`;
    },
    nonce(session_id, seq) {
      return sha256Hex(`${seed}\u0000nonce\u0000${session_id}\u0000${seq}`).slice(0, 24);
    },
  };
}

/** The deterministic idempotency key of a logical call: session, step and canonical arguments. */
export function deriveIdempotencyKey(session_id: string, step: number, tool: string, args_digest: string): string {
  return `idem_${sha256Hex(`${session_id}\u0000${step}\u0000${tool}\u0000${args_digest}`).slice(0, 32)}`;
}
