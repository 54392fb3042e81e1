/**
 * Where an AI SDK app keeps its chats: every history a session saved, oldest first (a client can send
 * any of them back), and the ids minted for it so far. The native engines keep them in memory as
 * the docs' apps do; the hardening layer's `sealed_state` puts a sealed store in their place.
 */
import { defineSlot, EngineUsageError, type EngineContext } from "../../runtime/index.js";
import type { NativeSession } from "./projection.js";

export type IdKind = "calls" | "approvals";

export type SessionStore = {
  has(session_id: string): boolean;
  create(session: NativeSession): void;
  /** The session's latest history; unknown_session when there is none. */
  latest(session_id: string): NativeSession;
  save(session: NativeSession): void;
  /** Every history saved, oldest first. */
  saved(session_id: string): readonly NativeSession[];
  /** The next number of this kind for the session: fresh ids survive a new process over the same slots. */
  mint(session_id: string, kind: IdKind): number;
};

type Kept = { readonly saved: NativeSession[]; calls: number; approvals: number };
export const NATIVE_SESSIONS_KEY = defineSlot<Map<string, Kept>>("ai_sdk_native.sessions");

export const unknownSession = (session_id: string) =>
  new EngineUsageError("unknown_session", `no history for session ${session_id}`);

/** The app's chats in an engine slot, so a new process over the same slots finds them; `keep` is what is stored of one. */
export function memorySessions(
  env: Pick<EngineContext, "slots">,
  keep: (session: NativeSession) => NativeSession = (session) => session,
): SessionStore {
  let sessions = env.slots.get(NATIVE_SESSIONS_KEY);
  if (sessions === undefined) {
    sessions = new Map();
    env.slots.set(NATIVE_SESSIONS_KEY, sessions);
  }
  const kept = sessions;
  const load = (session_id: string): Kept => {
    const found = kept.get(session_id);
    if (found === undefined) throw unknownSession(session_id);
    return found;
  };
  return {
    has: (session_id) => kept.has(session_id),
    create: (session) => void kept.set(session.session_id, { saved: [keep(session)], calls: 0, approvals: 0 }),
    latest(session_id) {
      const last = load(session_id).saved.at(-1);
      if (last === undefined) throw unknownSession(session_id);
      return last;
    },
    save: (session) => void load(session.session_id).saved.push(keep(session)),
    saved: (session_id) => kept.get(session_id)?.saved ?? [],
    mint: (session_id, kind) => (load(session_id)[kind] += 1),
  };
}
