/** Every store spec suite (spec.ts) against every implementation: memory, SQLite, Postgres. */
import { storeImplementations } from "./implementations.js";
import { rowSchemaSpec } from "./row-spec.js";
import { artifactSpec, checkpointSpec, graphCheckpointerSpec, ledgerSpec, traceSpec } from "./spec.js";

for (const { name, make, durable, rows } of storeImplementations("store-spec")) {
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
  if (rows !== null) rowSchemaSpec(name, rows);
}
