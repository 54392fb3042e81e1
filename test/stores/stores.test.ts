/** Every store spec suite (spec.ts) against every implementation: memory, SQLite, Postgres. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { memoryStores, openDatabase, storesIn, type SqlConnection, type Stores } from "../../durable/index.js";
import { artifactSpec, checkpointSpec, graphCheckpointerSpec, ledgerSpec, traceSpec, type Make } from "./spec.js";
import { freshStore, MEASURED_KINDS, reportPostgresNotMeasured, type StoreKind } from "./targets.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-store-spec-"));
const open: SqlConnection[] = [];
afterAll(() => {
  for (const db of open) db.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A fresh scope per test; `reopen` is a second connection to the same database and scope. */
function sqlMaker(kind: StoreKind) {
  return <T>(pick: (stores: Stores) => T): Make<T> =>
    () => {
      const { spec, scope } = freshStore(kind, mkdtempSync(join(scratch, `${kind}-`)));
      const connect = () => {
        const db = openDatabase(spec);
        if (!db.ok) throw db.error;
        open.push(db.value);
        return pick(storesIn(db.value, scope));
      };
      return { store: connect(), reopen: connect };
    };
}

const memory =
  <T>(pick: (stores: Stores) => T): Make<T> =>
  () => ({ store: pick(memoryStores()), reopen: null });

const implementations = [
  { name: "memory", make: memory, durable: false },
  ...MEASURED_KINDS.map((kind) => ({ name: kind, make: sqlMaker(kind), durable: true })),
];

for (const { name, make, durable } of implementations) {
  ledgerSpec(
    name,
    make((s) => s.ledger),
    durable,
  );
  checkpointSpec(
    name,
    make((s) => s.checkpoints),
    durable,
  );
  artifactSpec(
    name,
    make((s) => s.artifacts),
  );
  traceSpec(
    name,
    make((s) => s.trace),
  );
  graphCheckpointerSpec(
    name,
    make((s) => s.graph as never),
  );
}

reportPostgresNotMeasured("store spec suites");
