/**
 * The databases the store suites run on. SQLite always (a file in a scratch directory); Postgres
 * when AGENT_HARNESS_PG_URL names a server (`.ci/run` starts one). Without it the Postgres suites
 * are `not measured`, said in a test of their own that passes outside CI and fails under
 * `CI=true`, where a missing server is a broken pipeline, not a reason.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { it } from "vitest";
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

/** The visible line for a suite that could not run on Postgres; under CI it fails. */
export function reportPostgresNotMeasured(suite: string): void {
  if (postgresUrl !== undefined) return;
  it(`postgres: ${suite}: not measured: ${NOT_MEASURED_REASON}`, () => {
    if (process.env["CI"] === "true") throw new Error(`CI must measure postgres: ${NOT_MEASURED_REASON}`);
    console.warn(`[not measured] postgres: ${suite}: ${NOT_MEASURED_REASON}`);
  });
}
