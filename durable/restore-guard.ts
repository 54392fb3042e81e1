/**
 * Restore safety: a database restored from an older copy (a SQLite file put back, a `pg_dump`
 * loaded) has forgotten the approval nonces spent since the copy, and a forgotten nonce lets its
 * token approve again. Whatever rolls the database back cannot roll back the spent-nonce journal
 * (`spent-journal.ts`), so a guarded open compares the two:
 * - the scope's generation is the number of journal nonces the database holds; below the
 *   journal's own count, the database was restored: `store_restored`, naming both generations;
 * - the journal recorded an open of the scope and the database holds no anchor row of it (a file
 *   truncated to 0 bytes, a deleted WAL, the scope's rows deleted): `store_truncated`;
 * - `acceptRestore` (the operator's explicit word) writes every nonce the journal knows back into
 *   the database: the approvals spent after the copy stay spent (refused `approval_already_used`),
 *   every other approval works. Nothing else of the restored state is changed.
 * While the process runs, its claims are checked against the journal too, so a restore under a
 * running process is caught at the first replayed token. The ledger's begins of calls that must not
 * run twice are journaled as well (`ledger-guard.ts`): a database rolled back to before one (the
 * nonce row kept, so nothing above sees it) answers `uncertain` for it, never a fresh run.
 * docs/stores.md says what this cannot see.
 */
import { err, ok, type LedgerStore, type NonceStore, type Result } from "../contract/index.js";
import { isStoreError, StoreError } from "./errors.js";
import { guardLedger } from "./ledger-guard.js";
import { appendJournal, readJournal, type ScopeJournal, type SpentNonce } from "./spent-journal.js";
import type { SqlConnection } from "./sql/connection.js";
import { createSqlNonceStore } from "./stores/nonces.js";
import { rowSeals } from "./stores/row-seal.js";

export type RestoreGuardOptions = {
  /** The journal file (`spentJournalFor`). */
  readonly journal: string;
  /** Accept a restored or emptied database: the journal's nonces are recorded as spent in it again. */
  readonly acceptRestore?: boolean;
  /** The store key: an accepted restore writes the journal's nonces back as rows sealed under it. */
  readonly secret: string;
};

export type RestoreGuard = {
  /** What the open found: `accepted` is set when a restore was detected and accepted. */
  readonly generation: number;
  readonly accepted: { readonly was: "store_restored" | "store_truncated"; readonly respent: number } | null;
  /** `nonces` with each won claim appended to the journal, and the journal's nonces never claimable again. */
  guard(nonces: NonceStore): NonceStore;
  /** `ledger` with the begins of calls that must not run twice journaled, so a lost entry is uncertain (`ledger-guard.ts`). */
  guardLedger<L extends LedgerStore>(ledger: L): L;
};

/** The journal beside a SQLite store: `<store>.spent`, next to `<store>.key`. */
export function spentJournalFor(storePath: string): string {
  return `${storePath}.spent`;
}

// The scope's anchor: one row of its logs (no migration), written by the first guarded open.
const ANCHOR = "log_records WHERE scope = ? AND log = 'restore_anchor' AND stream = '' AND n = 1";

export function openRestoreGuard(
  db: SqlConnection,
  scope: string,
  options: RestoreGuardOptions,
): Result<RestoreGuard, StoreError> {
  try {
    const journal = readJournal(options.journal, scope);
    if (!journal.ok) return journal;
    const found = compare(db, scope, journal.value);
    const recorded = journal.value.spent.size;
    const guardOf = (generation: number, accepted: RestoreGuard["accepted"]) =>
      ok(guardWith(db, journal.value.spent, scope, options.journal, generation, accepted));
    if (found.kind === "new") {
      writeAnchor(db, scope);
      appendJournal(options.journal, { scope, opened: true });
      return guardOf(found.generation, null);
    }
    if (found.kind === "intact") return guardOf(found.generation, null);
    if (options.acceptRestore !== true)
      return err(refusal(db, scope, options.journal, found.kind, found.generation, recorded));
    db.transaction(() => {
      writeAnchor(db, scope);
      const nonces = createSqlNonceStore(db, scope, rowSeals(options.secret));
      for (const spent of found.missing) nonces.claim(spent.nonce, spent.session_id, spent.at);
    });
    return guardOf(recorded, { was: found.kind, respent: found.missing.length });
  } catch (error) {
    if (isStoreError(error)) return err(error);
    throw error;
  }
}

type Found =
  | { readonly kind: "new"; readonly generation: number }
  | { readonly kind: "intact"; readonly generation: number }
  | {
      readonly kind: "store_restored" | "store_truncated";
      readonly generation: number;
      readonly missing: SpentNonce[];
    };

function compare(db: SqlConnection, scope: string, journal: ScopeJournal): Found {
  const held = new Set(
    db.query("SELECT nonce FROM nonces WHERE scope = ?", [scope]).rows.map((row) => String(row["nonce"])),
  );
  const missing = [...journal.spent.values()].filter((spent) => !held.has(spent.nonce));
  const generation = journal.spent.size - missing.length;
  if (!journal.opened && journal.spent.size === 0) return { kind: "new", generation };
  const anchored = db.query(`SELECT 1 AS anchored FROM ${ANCHOR}`, [scope]).rows.length > 0;
  if (!anchored) return { kind: "store_truncated", generation, missing };
  return missing.length === 0 ? { kind: "intact", generation } : { kind: "store_restored", generation, missing };
}

function writeAnchor(db: SqlConnection, scope: string): void {
  db.query(
    "INSERT INTO log_records (scope, log, stream, n, body) VALUES (?, 'restore_anchor', '', 1, '{}') ON CONFLICT DO NOTHING",
    [scope],
  );
}

function refusal(
  db: SqlConnection,
  scope: string,
  journal: string,
  code: "store_restored" | "store_truncated",
  generation: number,
  recorded: number,
): StoreError {
  const reason =
    code === "store_restored"
      ? `scope ${scope} is at generation ${generation}, below generation ${recorded} recorded in ${journal}: ` +
        `the database was restored from an older copy and has forgotten ${recorded - generation} spent approval(s)`
      : `scope ${scope} holds nothing, while ${journal} records it opened with ${recorded} spent approval(s): ` +
        "the database was emptied or truncated (or its WAL lost), or is a new one where the old one was";
  return new StoreError(code, db.label, `${reason}; accepting the restore records them as spent again`);
}

function guardWith(
  db: SqlConnection,
  known: ReadonlyMap<string, SpentNonce>,
  scope: string,
  journal: string,
  generation: number,
  accepted: RestoreGuard["accepted"],
): RestoreGuard {
  const spent = new Set(known.keys());
  return {
    generation,
    accepted,
    guardLedger: (ledger) => guardLedger(db, scope, journal, ledger),
    guard: (nonces) => ({
      claim(nonce, session_id, at) {
        // Spent before, by this journal's account: the database may have been restored under us.
        if (spent.has(nonce)) {
          nonces.claim(nonce, session_id, at);
          return false;
        }
        if (!nonces.claim(nonce, session_id, at)) return false;
        // Once the database committed the claim (a caller's transaction may hold it): a journal
        // line never names a claim the database rolled back.
        db.afterCommit(() => {
          appendJournal(journal, { scope, nonce, session_id, at });
          spent.add(nonce);
        });
        return true;
      },
      // The database first: a row it holds is checked against its seal (a row edited by hand is store_tampered).
      has: (nonce) => nonces.has(nonce) || spent.has(nonce),
    }),
  };
}
