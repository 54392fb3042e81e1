/**
 * The version of Mastra that actually runs, read from the installed package when this module loads,
 * so evidence cannot name a version that did not run; and Mastra's usage telemetry switched off
 * before any Mastra instance exists (it reads MASTRA_TELEMETRY_DISABLED when it would send): nothing
 * leaves the machine.
 */
import { readFileSync } from "node:fs";

process.env["MASTRA_TELEMETRY_DISABLED"] = "1";

const manifest: unknown = JSON.parse(
  readFileSync(new URL("../node_modules/@mastra/core/package.json", import.meta.url), "utf8"),
);
const version = typeof manifest === "object" && manifest !== null ? (manifest as { version?: unknown }).version : null;
if (typeof version !== "string") throw new Error("installed @mastra/core has no version in its package.json");

/** The installed `@mastra/core`, the framework under comparison. */
export const MASTRA_VERSION: string = version;
