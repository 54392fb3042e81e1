/**
 * The version of `langchain` that actually runs, read from the installed package when this module
 * loads, so evidence cannot name a version that did not run.
 */
import { readFileSync } from "node:fs";

const manifest: unknown = JSON.parse(
  readFileSync(new URL("../node_modules/langchain/package.json", import.meta.url), "utf8"),
);
const version = typeof manifest === "object" && manifest !== null ? (manifest as { version?: unknown }).version : null;
if (typeof version !== "string") throw new Error("installed langchain has no version in its package.json");

/** The installed `langchain`, the framework under comparison. */
export const LANGCHAIN_VERSION: string = version;
