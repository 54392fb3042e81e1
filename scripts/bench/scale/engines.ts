/**
 * The engines of the multi-worker bench, one row each: the module a worker process loads for it (its `scaleEngine`
 * export, scale/engine.ts). Another engine on the same Postgres (DBOS, its adapter's own module) is one more row.
 */
import { fileURLToPath } from "node:url";

export type ScaleEngineEntry = {
  readonly id: string;
  /** Absolute path of the module whose `scaleEngine` export the workers and the parent load. */
  readonly module: string;
};

export const SCALE_ENGINES: readonly ScaleEngineEntry[] = [
  { id: "contract_postgres", module: fileURLToPath(new URL("./contract-engine.ts", import.meta.url)) },
  { id: "dbos_hardened", module: fileURLToPath(new URL("./dbos-engine.ts", import.meta.url)) },
];
