/**
 * Tampering as someone with write access to a store does it, between two turns: the tampering columns
 * edit what an engine keeps, never through the engine. Where each edit lands: tamper-places.ts.
 */
import { assertNever } from "../contract/index.js";
import type { Environment } from "../handwritten/fixtures/environment.js";
import { editWaitingCall, type CallEdit } from "./tamper-edit.js";
import { restoreToIntent } from "./tamper-restore.js";

/** The tampering a scenario can do between turns. */
export type TamperAction =
  | { readonly kind: "edit_waiting_call"; readonly edit: CallEdit }
  /** A completed ledger key forgets its outcome. */
  | { readonly kind: "forget_outcome"; readonly key: string }
  /** The engine's state goes back to an older copy taken while a call was executing; the ledger is kept. */
  | { readonly kind: "restore_to_intent" };

/** Each kind of tampering once, typed complete: a new kind above cannot be left out of `isTampering`. */
const TAMPER_KINDS: Readonly<Record<TamperAction["kind"], true>> = {
  edit_waiting_call: true,
  forget_outcome: true,
  restore_to_intent: true,
};

/** Whether a scenario's action edits a store between turns instead of asking the engine anything. */
export const isTampering = (action: { readonly kind: string }): action is TamperAction =>
  Object.hasOwn(TAMPER_KINDS, action.kind);

/** Performs a tampering action; false when the engine keeps nothing there the column can reach. */
export async function tamper(env: Environment, session: string, action: TamperAction): Promise<boolean> {
  switch (action.kind) {
    case "edit_waiting_call":
      return (await editWaitingCall(env, session, action.edit)).length > 0;
    case "forget_outcome":
      return forgetOutcome(env, action.key);
    case "restore_to_intent":
      return (await restoreToIntent(env, session)).length > 0;
    default:
      return assertNever(action);
  }
}

/**
 * The ledger forgets a completed entry's outcome: the entry goes back to what it was just before the
 * outcome was written (in flight, dispatched, its owner kept), as a store rolled back by one write.
 * Written through the store's own operations; answers whether there was a completed entry to forget.
 */
export function forgetOutcome(env: Environment, key: string): boolean {
  const entry = env.ledger.get(key);
  if (entry?.state !== "completed") return false;
  const { tool, args_digest, owner, updated_at } = entry;
  env.ledger.release(key);
  env.ledger.begin({ key, tool, args_digest, owner, at: updated_at });
  env.ledger.setDispatched(key, true, updated_at);
  return true;
}
