/**
 * The ledger's side of the restore guard. A database rolled back to before a call's ledger entry —
 * its rows deleted by hand, or an older copy put back — has forgotten that the call began, while the
 * approval's nonce row may still be there: the open sees nothing, and a session resumed from before
 * the begin would begin the call afresh and run it a second time.
 *
 * So the begin of a call whose risk class must not run twice (a crash leaves it `uncertain`, never
 * `run_again`) is appended to the spent-nonce journal once the database committed the entry, and so
 * is its release. A later begin of such a key that the database holds no entry for, while the
 * journal knows it begun and not released, has found the entry lost: whether the call ran is unknown,
 * so the begin answers `uncertain` and records the entry as such — never `execute` (CONTRACT §9, and
 * `decideDispatch` on a missing entry). Other risk classes, and stores without a journal, are as they were.
 */
import { RISK_RULES, type BeginDecision, type BeginRequest, type LedgerStore } from "../contract/index.js";
import { appendJournal, readJournal } from "./spent-journal.js";
import type { SqlConnection } from "./sql/connection.js";

/** `ledger`, with the begins and releases of calls that must not run twice kept in `journal`. */
export function guardLedger<L extends LedgerStore>(db: SqlConnection, scope: string, journal: string, ledger: L): L {
  // Read afresh each time: another process on the same store may have begun or released the key.
  const journaledAsBegun = (key: string): boolean => {
    const read = readJournal(journal, scope);
    if (!read.ok) throw read.error;
    return read.value.begun.has(key);
  };
  // Outside a transaction the journal line is written at once; inside one, only once it committed.
  const append = (line: { begun: string; at: number } | { released: string }) =>
    db.afterCommit(() => appendJournal(journal, { scope, ...line }));

  const begin = (request: BeginRequest): BeginDecision => {
    if (request.risk === undefined || RISK_RULES[request.risk].afterCrash !== "uncertain") return ledger.begin(request);
    if (ledger.get(request.key) !== undefined) return ledger.begin(request);
    if (!journaledAsBegun(request.key)) {
      const decision = ledger.begin(request);
      if (decision.kind === "execute") append({ begun: request.key, at: request.at });
      return decision;
    }
    // The entry is lost. One transaction: an entry left in flight by a crash here would let it execute.
    return db.transaction((): BeginDecision => {
      const decision = ledger.begin(request);
      if (decision.kind !== "execute") return decision;
      ledger.markUncertain(request.key, request.at);
      return { kind: "uncertain" };
    });
  };

  return {
    ...ledger,
    begin,
    release(key) {
      const journaled = journaledAsBegun(key);
      ledger.release(key);
      if (journaled) append({ released: key });
    },
  };
}
