/**
 * `--store` for entry points that run many scenarios (compare, faults, bench): the flag or
 * AGENT_HARNESS_STORE, parsed and opened once. Each run then gets environments in a scope of its
 * own (a fresh prefix per invocation), so runs never see each other in a shared database.
 * The SQL stores load only when a database is chosen: a run in memory (compare's default) never
 * needs them, so a caller that imports this module rather than the folder's index skips them.
 */
import { randomUUID } from "node:crypto";
import { ok, type Result } from "../contract/result.js";
import type { Environment, EnvironmentOptions } from "../handwritten/fixtures/environment.js";
import type { StoreError } from "./errors.js";
import { describeStore, resolveStoreSpec, type StoreSpec } from "./spec.js";
import type { SqlConnection } from "./sql/connection.js";

export type StoreOption = {
  readonly spec: StoreSpec;
  readonly label: string;
  /** Undefined in memory: callers keep their own default. */
  readonly environment: ((options: EnvironmentOptions) => Environment) | undefined;
  readonly db: SqlConnection | null;
  /** Every scope of this invocation starts with it (null in memory). */
  readonly scopePrefix: string | null;
  close(): void;
};

export async function openStoreOption(
  flag: string | null | undefined,
  command: string,
  env: Readonly<Record<string, string | undefined>>,
  fallback: StoreSpec = { kind: "memory" },
): Promise<Result<StoreOption, StoreError>> {
  const spec = resolveStoreSpec(flag ?? undefined, env, fallback);
  if (!spec.ok) return spec;
  if (spec.value.kind === "memory")
    return ok({
      spec: spec.value,
      label: "memory",
      environment: undefined,
      db: null,
      scopePrefix: null,
      close: () => undefined,
    });
  const [{ openDatabase }, { environmentFactory }] = await Promise.all([
    import("./open.js"),
    import("./environment.js"),
  ]);
  const db = openDatabase(spec.value);
  if (!db.ok) return db;
  const scopePrefix = `${command}-${randomUUID()}`;
  return ok({
    spec: spec.value,
    label: describeStore(spec.value),
    environment: environmentFactory(db.value, scopePrefix),
    db: db.value,
    scopePrefix,
    close: () => db.value.close(),
  });
}
