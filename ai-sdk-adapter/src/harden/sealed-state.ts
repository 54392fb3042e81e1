/**
 * `sealed_state`: the SDK's message history, as the app stores it, sealed under the server's secret
 * with the contract's `sealOf` and checked on every read (`openOrThrow`): an edited history answers
 * `checkpoint_tampered`, never runs. Before the SDK's loop acts on a history, every approval it
 * carries must be one the contract accepted (its nonce claimed by `approval_check`). A restored or
 * replayed copy of a genuine history reaches `execute` again, where guarded_execute's ledger answers
 * for the key (replayed, or uncertain), so the approval never runs its call a second time.
 */
import type { ModelMessage } from "ai";
import { isCheckpointTamperedError, openOrThrow, sealOf } from "../../../contract/index.js";
import { defineSlot, EngineUsageError } from "../../../runtime/index.js";
import type { NativeSession } from "../projection.js";
import { unknownSession, type IdKind, type SessionStore } from "../session-store.js";
import type { LayerDeps } from "./pieces.js";

type Sealed = { readonly session: NativeSession; readonly seal: string };
type Kept = { readonly saved: Sealed[]; calls: number; approvals: number };
export const SEALED_SESSIONS_KEY = defineSlot<Map<string, Kept>>("ai_sdk_hardened.sealed_sessions");

/** The sealed store; `keep` is what is stored of a session (the redaction piece redacts it). */
export function sealedSessions(deps: LayerDeps, keep: (session: NativeSession) => NativeSession): SessionStore {
  let sessions = deps.slots.get(SEALED_SESSIONS_KEY);
  if (sessions === undefined) {
    sessions = new Map();
    deps.slots.set(SEALED_SESSIONS_KEY, sessions);
  }
  const kept = sessions;
  const load = (session_id: string): Kept => {
    const found = kept.get(session_id);
    if (found === undefined) throw unknownSession(session_id);
    return found;
  };
  const sealed = (session: NativeSession): Sealed => {
    const stored = keep(session);
    return { session: stored, seal: sealOf(deps.secret, stored.session_id, stored) };
  };
  return {
    has: (session_id) => kept.has(session_id),
    create: (session) => void kept.set(session.session_id, { saved: [sealed(session)], calls: 0, approvals: 0 }),
    latest(session_id) {
      const last = load(session_id).saved.at(-1);
      if (last === undefined) throw unknownSession(session_id);
      try {
        return openOrThrow(deps.secret, session_id, last.session, last.seal);
      } catch (error) {
        if (isCheckpointTamperedError(error)) throw new EngineUsageError("checkpoint_tampered", error.message);
        throw error;
      }
    },
    save: (session) => void load(session.session_id).saved.push(sealed(session)),
    saved: (session_id) => kept.get(session_id)?.saved.map((s) => s.session) ?? [],
    mint: (session_id: string, kind: IdKind) => (load(session_id)[kind] += 1),
  };
}

/** The approvals the SDK would act on in this history: approved responses in its last tool message. */
const approvalsActedOn = (messages: readonly ModelMessage[]): string[] => {
  const last = messages.at(-1);
  if (last?.role !== "tool") return [];
  return last.content.flatMap((p) => (p.type === "tool-approval-response" && p.approved ? [p.approvalId] : []));
};

/** Refuses a history carrying an approval the contract never accepted (a client wrote it, or edited the store). */
export const admitSealed = (deps: LayerDeps) => (session: NativeSession) => {
  for (const approvalId of approvalsActedOn(session.messages))
    if (!deps.nonces.has(approvalId))
      throw new EngineUsageError("checkpoint_tampered", `approval ${approvalId} was never accepted by the contract`);
};
