/**
 * The idempotency ledger on SQLite or Postgres, shared by every process on the same database.
 * Each change is a compare-and-set on the row it read and verified: `begin` reads the key's row,
 * lets the contract decide (`decideBegin`), and writes only when it says `execute` — a new key by
 * `INSERT … ON CONFLICT DO NOTHING`, a known one by an `UPDATE` that matches the row's exact text
 * and seal. When another process wrote first, nothing is written and the row it wrote is read and
 * decided on instead. Two statements a change and no explicit transaction: on Postgres each
 * statement is a round trip, and a lock held from a read to a write buys nothing the match does not.
 * Every row is sealed under the store key and bound to its scope and key (`row-seal.ts`): a row
 * this harness did not write there is `store_tampered`, never decided on.
 */
import { decideBegin, ledgerEntries, type LedgerEntry, type LedgerStore } from "../../contract/index.js";
import type { Row, SqlConnection } from "../sql/connection.js";
import { column, readLedgerEntry, SqlText, type RowContext } from "../sql/rows.js";
import type { RowSeals } from "./row-seal.js";

export type SqlLedger = LedgerStore & { entries(): readonly LedgerEntry[] };

export function createSqlLedger(db: SqlConnection, scope: string, seals: RowSeals): SqlLedger {
  const where = (key: string) => ({ store: db.label, row: `ledger ${scope}/${key}` });
  const place = (key: string) => ["ledger", scope, key];
  const open = (row: Row, key: string, at: RowContext): LedgerEntry => {
    const entry = readLedgerEntry(row["entry"], key, at);
    seals.check(place(key), row["entry"] as string, row["seal"], at);
    return entry;
  };
  /** The key's row as read, with its entry verified; the text and seal are what a swap must match. */
  const read = (
    key: string,
  ): { readonly entry: LedgerEntry; readonly text: unknown; readonly seal: unknown } | undefined => {
    const row = db.query("SELECT entry, seal FROM ledger WHERE scope = ? AND key = ?", [scope, key]).rows[0];
    return row === undefined ? undefined : { entry: open(row, key, where(key)), text: row["entry"], seal: row["seal"] };
  };
  const sealed = (entry: LedgerEntry) => {
    const text = JSON.stringify(entry);
    return [text, seals.seal(place(entry.key), text)];
  };
  /** Writes `next` over the row only if it is still the one read; false when another writer changed it. */
  const swap = (was: NonNullable<ReturnType<typeof read>>, next: LedgerEntry): boolean =>
    db.query("UPDATE ledger SET entry = ?, seal = ? WHERE scope = ? AND key = ? AND entry = ? AND seal = ?", [
      ...sealed(next),
      scope,
      next.key,
      was.text as string,
      was.seal as string,
    ]).changes === 1;
  const insert = (next: LedgerEntry): boolean =>
    db.query("INSERT INTO ledger (scope, key, entry, seal) VALUES (?, ?, ?, ?) ON CONFLICT (scope, key) DO NOTHING", [
      scope,
      next.key,
      ...sealed(next),
    ]).changes === 1;
  const update = (key: string, change: (entry: LedgerEntry) => LedgerEntry): void => {
    for (;;) {
      const was = read(key);
      if (was === undefined || swap(was, change(was.entry))) return;
    }
  };

  return {
    get: (key) => read(key)?.entry,
    begin: (request) => {
      for (;;) {
        const was = read(request.key);
        const decision = decideBegin(was?.entry, request);
        if (decision.kind !== "execute") return decision;
        const next = ledgerEntries.begun(request, was?.entry);
        if (was === undefined ? insert(next) : swap(was, next)) return decision;
        // Another process wrote the key between our read and our write: decide on its row.
      }
    },
    setDispatched: (key, dispatched, at) => update(key, (e) => ledgerEntries.dispatched(e, dispatched, at)),
    complete: (key, output, at) => update(key, (e) => ledgerEntries.completed(e, output, at)),
    markUncertain: (key, at) => update(key, (e) => ledgerEntries.uncertain(e, at)),
    release: (key) => void db.query("DELETE FROM ledger WHERE scope = ? AND key = ?", [scope, key]),
    entries: () =>
      db.query("SELECT key, entry, seal FROM ledger WHERE scope = ? ORDER BY key", [scope]).rows.map((row) => {
        const key = column(SqlText, row, "key", { store: db.label, row: `ledger ${scope}` });
        return open(row, key, where(key));
      }),
  };
}
