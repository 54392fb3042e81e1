/**
 * DBOS's hardened engine as a row of the multi-worker bench (docs/dbos.md): every worker process is a DBOS executor
 * of its own (DBOS__VMID, which DBOS reads once at launch: @dbos-inc/dbos-sdk 5.3.0 dist/src/dbos.js) on one DBOS
 * system schema per run, beside the contract's stores on the same scope, and every worker's engine context under the
 * run's one key (the prefix of its workflow ids), so a session's workflow has one id in every worker: an operation
 * from a worker that does not run it is a DBOS message to it, answered by its event (dbos-adapter/src/reply.ts),
 * and the workflow keeps running where it started. Loaded through the engine table's one loader on the run's
 * Postgres, so a missing install or pin leaves the row not-measured with the loader's reason.
 */
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { adapterDir, adapterRow, loadEngine } from "../../../engines/index.js";
import type { EngineContext, EngineFactory } from "../../../runtime/index.js";
import { scaleEngineOver } from "./contract-engine.js";
import type { ScaleEngine } from "./engine.js";

const FOLDER = "dbos-adapter";
const ID = "dbos_hardened";

// The parent loads this module before it measures: a row that cannot run here fails to load, with the reason.
const available = await loadEngine(ID);
if (!available.ok) throw new Error(available.error.reason);

/** The run's one DBOS system schema, every worker's. */
const schemaOf = (scope: string): string => `dbos_${scope}`;

async function dbosOn(url: string, scope: string): Promise<EngineFactory> {
  // Before the adapter's first launch in this worker: its executor id, and the run's one system schema.
  process.env["DBOS__VMID"] = `${scope}_${process.pid}`;
  process.env["DBOS_HARNESS_SCHEMA"] = schemaOf(scope);
  const loaded = await loadEngine(ID, { postgresUrl: url });
  if (!loaded.ok) throw new Error(loaded.error.reason);
  const factory = loaded.value;
  const { contextKey } = await runtime();
  return { ...factory, create: (env) => (contextKey(env, `k_${scope}`), factory.create(env)) };
}

type Runtime = {
  launchDbos: (url: string, schema?: string) => Promise<void>;
  shutdownDbos: () => Promise<void>;
  contextKey: (env: EngineContext, fixed: string) => string;
};
/** The adapter's runtime (the module the loader imported: same specifier, same instance). */
const runtime = async (): Promise<Runtime> =>
  (await import(pathToFileURL(resolve(adapterDir(FOLDER), "src/index.ts")).href)) as Runtime;

const row = scaleEngineOver({
  id: ID,
  version: adapterRow(FOLDER).version,
  factory: (place) => dbosOn(place.url, place.scope),
  shutdown: async () => (await runtime()).shutdownDbos(),
});

export const scaleEngine: ScaleEngine = {
  ...row,
  async prepare(place) {
    await row.prepare(place);
    // DBOS migrates its system schema at launch: workers launching at once race on it ("tuple concurrently
    // updated", measured at 2 workers), so the parent launches once on the run's schema first.
    const { launchDbos, shutdownDbos } = await runtime();
    await launchDbos(place.url, schemaOf(place.scope));
    await shutdownDbos();
  },
};
