/**
 * The databases the store suites run on. SQLite always (a file in a scratch directory); Postgres
 * when AGENT_HARNESS_PG_URL names a server (`.ci/run` starts one). Without it the Postgres cases
 * are `not measured`, said with the other absences on one line (test/setup/requirements.ts).
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { SqlSpec } from "../../durable/index.js";

export const PG_URL_ENV = "AGENT_HARNESS_PG_URL";

export type StoreKind = SqlSpec["kind"];

export const postgresUrl: string | undefined = process.env[PG_URL_ENV] || undefined;

export const NOT_MEASURED_REASON = `${PG_URL_ENV} is not set (no PostgreSQL server given; .ci/run starts one)`;

/** The SQL stores measured in this run: SQLite always, Postgres when a server is given. */
export const MEASURED_KINDS: readonly StoreKind[] = postgresUrl === undefined ? ["sqlite"] : ["sqlite", "postgres"];

/** A fresh, empty place for one case: a new SQLite file in `dir`, or a new scope on the Postgres server. */
export function freshStore(kind: StoreKind, dir: string): { readonly spec: SqlSpec; readonly scope: string } {
  const scope = `case_${randomBytes(6).toString("hex")}`;
  if (kind === "sqlite") return { spec: { kind: "sqlite", path: join(dir, "harness.sqlite") }, scope };
  if (postgresUrl === undefined) throw new Error(`postgres is not measured here: ${NOT_MEASURED_REASON}`);
  return { spec: { kind: "postgres", url: postgresUrl }, scope };
}
