/**
 * Every implementation the store spec suites run against: memory, SQLite, and Postgres when a
 * server is given. Each `make` opens a fresh scope; `reopen` is a second connection to the same
 * database and scope, as a new process would open it. Connections are closed after the file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { FIXTURE_SECRET } from "../../handwritten/fixtures/environment.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { memoryStores, openDatabase, storesIn, type SqlConnection, type Stores } from "../../durable/index.js";
import type { RawRows } from "./row-spec.js";
import type { Make } from "./spec.js";
import { freshStore, MEASURED_KINDS, type StoreKind } from "./targets.js";

export type Implementation = {
  readonly name: string;
  readonly make: <T>(pick: (stores: Stores) => T) => Make<T>;
  /** Whether `reopen` is given (a store that outlives its instance). */
  readonly durable: boolean;
  /** For a database: fresh stores with the connection and scope under them, so a case can edit rows. */
  readonly rows: (() => RawRows) | null;
};

/** The implementations of one test file; call it at the top level (it registers an `afterAll`). */
export function storeImplementations(label: string): readonly Implementation[] {
  const scratch = mkdtempSync(join(tmpdir(), `agent-harness-${label}-`));
  const open: SqlConnection[] = [];
  afterAll(() => {
    for (const db of open) db.close();
    rmSync(scratch, { recursive: true, force: true });
  });
  const sqlMaker =
    (kind: StoreKind) =>
    <T>(pick: (stores: Stores) => T): Make<T> =>
    () => {
      const { spec, scope } = freshStore(kind, mkdtempSync(join(scratch, `${kind}-`)));
      const connect = () => {
        const db = openDatabase(spec);
        if (!db.ok) throw db.error;
        open.push(db.value);
        return pick(storesIn(db.value, scope, FIXTURE_SECRET));
      };
      return { store: connect(), reopen: connect };
    };
  const rows = (kind: StoreKind) => (): RawRows => {
    const { spec, scope } = freshStore(kind, mkdtempSync(join(scratch, `${kind}-`)));
    const db = openDatabase(spec);
    if (!db.ok) throw db.error;
    open.push(db.value);
    return { db: db.value, scope, stores: storesIn(db.value, scope, FIXTURE_SECRET) };
  };
  const memory =
    <T>(pick: (stores: Stores) => T): Make<T> =>
    () => ({ store: pick(memoryStores()), reopen: null });
  return [
    // In memory a record is the object that was put: there is no row to edit.
    { name: "memory", make: memory, durable: false, rows: null },
    ...MEASURED_KINDS.map((kind) => ({ name: kind, make: sqlMaker(kind), durable: true, rows: rows(kind) })),
  ];
}
