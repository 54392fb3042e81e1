/**
 * The versions of the framework that actually runs, read from the installed packages when this
 * module loads — never written down by hand, so evidence cannot name a version that did not run.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

function installedVersion(name: string): string {
  const manifest: unknown = require(`${name}/package.json`);
  const version =
    typeof manifest === "object" && manifest !== null ? (manifest as { version?: unknown }).version : undefined;
  if (typeof version !== "string") throw new Error(`installed ${name} has no version in its package.json`);
  return version;
}

/** The installed `@langchain/langgraph`, the framework under comparison. */
export const LANGGRAPH_VERSION: string = installedVersion("@langchain/langgraph");
/** The installed `@langchain/core` it runs on. */
export const LANGCHAIN_CORE_VERSION: string = installedVersion("@langchain/core");

export const INSTALLED_VERSIONS: Readonly<Record<"@langchain/langgraph" | "@langchain/core", string>> = Object.freeze({
  "@langchain/langgraph": LANGGRAPH_VERSION,
  "@langchain/core": LANGCHAIN_CORE_VERSION,
});
