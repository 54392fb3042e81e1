/**
 * The idempotency ledger on SQLite or Postgres, shared by every process on the same database.
 * `begin` is one transaction: read the key's row (locked `FOR UPDATE` on Postgres; SQLite holds
 * the write lock from BEGIN), let the contract decide (`decideBegin`), and write only when it
 * says `execute`. A new key is inserted with `ON CONFLICT DO NOTHING`: when another process
 * inserted it first, nothing is written and the row it wrote is read and decided on instead.
 * Every row is sealed under the store key and bound to its scope and key (`row-seal.ts`): a row
 * this harness did not write there is `store_tampered`, never decided on.
 */
import { decideBegin, ledgerEntries, type LedgerEntry, type LedgerStore } from "../../contract/index.js";
import { forUpdate, type Row, type SqlConnection } from "../sql/connection.js";
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
  const select = (key: string, lock: boolean): LedgerEntry | undefined => {
    const sql = `SELECT entry, seal FROM ledger WHERE scope = ? AND key = ?${lock ? forUpdate(db.dialect) : ""}`;
    const row = db.query(sql, [scope, key]).rows[0];
    return row === undefined ? undefined : open(row, key, where(key));
  };
  const sealed = (entry: LedgerEntry) => {
    const text = JSON.stringify(entry);
    return [text, seals.seal(place(entry.key), text)];
  };
  const write = (entry: LedgerEntry) =>
    db.query("UPDATE ledger SET entry = ?, seal = ? WHERE scope = ? AND key = ?", [...sealed(entry), scope, entry.key]);
  const update = (key: string, change: (entry: LedgerEntry) => LedgerEntry) =>
    db.transaction(() => {
      const entry = select(key, true);
      if (entry !== undefined) write(change(entry));
    });

  return {
    get: (key) => select(key, false),
    begin: (request) =>
      db.transaction(() => {
        for (;;) {
          const entry = select(request.key, true);
          const decision = decideBegin(entry, request);
          if (decision.kind !== "execute") return decision;
          const next = ledgerEntries.begun(request, entry);
          if (entry !== undefined) {
            write(next);
            return decision;
          }
          const inserted = db.query(
            "INSERT INTO ledger (scope, key, entry, seal) VALUES (?, ?, ?, ?) ON CONFLICT (scope, key) DO NOTHING",
            [scope, request.key, ...sealed(next)],
          );
          if (inserted.changes === 1) return decision;
          // Another process inserted the key between our read and our insert: decide on its row.
        }
      }),
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
