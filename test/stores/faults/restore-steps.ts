/**
 * TEST SUPPORT for the restore cases: the steps they share — spend an approval after a backup was
 * taken, open the restored store and send the spent token again, accept the restore and approve
 * afresh — each answering what the store did as a store fault result.
 */
import { SESSION_ID } from "../../../scenarios/index.js";
import type { EngineId } from "../../../engines/index.js";
import type { StoreFaultResult } from "./case.js";
import { openLife, sendToken, waitForApproval, type Life, type StoreAt } from "./restore-lives.js";

const FRESH_SESSION = "session-14";

const refused = (code: string, detail: string): StoreFaultResult => ({ outcome: "typed_error", code, detail });
const silent = (detail: string): StoreFaultResult => ({ outcome: "silent_change", detail });
const correct = (detail: string): StoreFaultResult => ({ outcome: "correct_run", detail });

export async function life(engine: EngineId, at: StoreAt, accept = false): Promise<Life> {
  const opened = await openLife(engine, at, accept);
  if (!opened.ok) throw opened.error;
  return opened.life;
}

/**
 * Life 1 waits for approval; the store is saved (`save`); life 2 spends the token (one publish);
 * the save is put back (`restore`). Answers the token and the publishes of life 2.
 */
export async function spendAfterBackup(engine: EngineId, at: StoreAt, save: () => void, restore: () => void) {
  const first = await life(engine, at);
  const { token } = await waitForApproval(first, SESSION_ID);
  first.close();
  save();
  const second = await life(engine, at);
  const answer = await sendToken(second, SESSION_ID, token);
  const published = second.publishes();
  second.close();
  if (published !== 1)
    throw new Error(`the approval did not publish once before the restore (${answer}, ${published})`);
  restore();
  return token;
}

/** Opens the restored store: refused with a typed code, or opened and sent the spent token again. */
export async function replay(engine: EngineId, at: StoreAt, token: string): Promise<StoreFaultResult> {
  const opened = await openLife(engine, at);
  if (!opened.ok) return refused(opened.error.code, opened.error.message);
  const answer = await sendToken(opened.life, SESSION_ID, token);
  const published = opened.life.publishes();
  opened.life.close();
  return published > 0
    ? silent(`the restored store opened and the spent token published again (${answer})`)
    : correct(`the restored store opened and the spent token was refused (${answer})`);
}

/** After the restore is accepted: the spent token is refused, and a fresh approval in a new session publishes once. */
export async function acceptThenApprove(engine: EngineId, at: StoreAt, token: string): Promise<StoreFaultResult> {
  const refusedFirst = await openLife(engine, at);
  if (refusedFirst.ok) {
    refusedFirst.life.close();
    return silent("the restored store opened without --accept-restore");
  }
  const accepted = await life(engine, at, true);
  const answer = await sendToken(accepted, SESSION_ID, token);
  const replayed = accepted.publishes();
  accepted.close();
  if (replayed > 0) return silent(`after the restore was accepted the spent token published again (${answer})`);
  const fresh = await life(engine, at);
  const approval = await waitForApproval(fresh, FRESH_SESSION);
  const status = await sendToken(fresh, FRESH_SESSION, approval.token);
  const published = fresh.publishes();
  fresh.close();
  if (published !== 1) return silent(`a fresh approval after the accepted restore published ${published} time(s)`);
  return correct(
    `${refusedFirst.error.code} first; accepted: the spent token ${answer}, a fresh approval ${status} (1 publish)`,
  );
}

/**
 * Life 1 publishes once. Then, by SQL by hand, the session's checkpoints after its `authorized` one
 * and the call's ledger row are deleted; the approval's nonce row stays, so the database looks
 * neither restored nor emptied. Life 2 resumes the session: the publish must stop for a person
 * (reconcile_required), never run a second time.
 */
export async function resumeAfterRollbackByHand(engine: EngineId, at: StoreAt): Promise<StoreFaultResult> {
  const first = await life(engine, at);
  const { pending, token } = await waitForApproval(first, SESSION_ID);
  const answer = await sendToken(first, SESSION_ID, token);
  if (first.publishes() !== 1) throw new Error(`the approval did not publish once (${answer})`);
  rollBackToAuthorized(first, at.scope, pending.idempotency_key);
  first.close();
  const second = await life(engine, at);
  const resumed = await second.engine.resume(SESSION_ID);
  const published = second.publishes();
  second.close();
  if (!resumed.ok) return refused(resumed.error.code, resumed.error.message);
  const detail = `resumed after the rollback: status ${resumed.value.status}, ${published} report(s) published`;
  return resumed.value.status === "reconcile_required" && published === 1 ? correct(detail) : silent(detail);
}

function rollBackToAuthorized(rolled: Life, scope: string, key: string): void {
  const sql = (text: string, params: readonly (string | number)[]) => rolled.env.db.query(text, params).rows;
  const rows = sql(
    "SELECT n, body FROM log_records WHERE scope = ? AND log = 'checkpoints' AND stream = ? ORDER BY n",
    [scope, SESSION_ID],
  );
  const authorized = rows.filter((row) => JSON.parse(String(row["body"])).state.status === "authorized").at(-1);
  if (authorized === undefined) throw new Error("no authorized checkpoint to roll back to");
  sql("DELETE FROM log_records WHERE scope = ? AND log = 'checkpoints' AND stream = ? AND n > ?", [
    scope,
    SESSION_ID,
    Number(authorized["n"]),
  ]);
  sql("DELETE FROM ledger WHERE scope = ? AND key = ?", [scope, key]);
}
