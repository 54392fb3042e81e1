/**
 * The version of DBOS Transact that actually runs, read from the installed package when this module
 * loads, so evidence cannot name a version that did not run. DBOS TS sends nothing anywhere unless
 * given a Conductor key or an OTLP endpoint (https://docs.dbos.dev/typescript/reference/configuration):
 * the runtime (runtime.ts) gives neither, so nothing leaves the machine.
 */
import { readFileSync } from "node:fs";

const manifest: unknown = JSON.parse(
  readFileSync(new URL("../node_modules/@dbos-inc/dbos-sdk/package.json", import.meta.url), "utf8"),
);
const version = typeof manifest === "object" && manifest !== null ? (manifest as { version?: unknown }).version : null;
if (typeof version !== "string") throw new Error("installed @dbos-inc/dbos-sdk has no version in its package.json");

/** The installed `@dbos-inc/dbos-sdk`, the framework under comparison. */
export const DBOS_VERSION: string = version;
