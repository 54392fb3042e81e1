/**
 * The version of the SDK that actually runs, read from the installed package when this module
 * loads, so evidence cannot name a version that did not run. (The package's exports hide its
 * package.json from `require`, so it is read from the adapter's own node_modules.)
 */
import { readFileSync } from "node:fs";

const manifest: unknown = JSON.parse(
  readFileSync(new URL("../node_modules/@openai/agents/package.json", import.meta.url), "utf8"),
);
const version = typeof manifest === "object" && manifest !== null ? (manifest as { version?: unknown }).version : null;
if (typeof version !== "string") throw new Error("installed @openai/agents has no version in its package.json");

/** The installed `@openai/agents`, the framework under comparison. */
export const OPENAI_AGENTS_VERSION: string = version;
