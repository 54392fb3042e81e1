/**
 * Whether the optional LangGraph adapter is installed as pinned. The comparison's loader, the test
 * configuration and the type check all ask this one function, so "not measured" has one reason.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const LANGGRAPH_ADAPTER_DIR = fileURLToPath(new URL("../langgraph-adapter/", import.meta.url));
export const INSTALL_COMMAND = "npm ci --prefix langgraph-adapter";

export type LangGraphInstall =
  | { readonly installed: true; readonly version: string }
  | { readonly installed: false; readonly reason: string; readonly found_version: string | null };

function versionIn(file: string, pick: (manifest: Record<string, unknown>) => unknown): string | null {
  if (!existsSync(file)) return null;
  const value = pick(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
  return typeof value === "string" ? value : null;
}

export function langgraphInstall(dir: string = LANGGRAPH_ADAPTER_DIR): LangGraphInstall {
  const pinned = versionIn(
    resolve(dir, "package.json"),
    (m) => (m["dependencies"] as Record<string, unknown> | undefined)?.["@langchain/langgraph"],
  );
  const found = versionIn(resolve(dir, "node_modules/@langchain/langgraph/package.json"), (m) => m["version"]);
  if (found === null)
    return {
      installed: false,
      reason: `@langchain/langgraph is not installed for the adapter (run: ${INSTALL_COMMAND})`,
      found_version: null,
    };
  if (pinned === null)
    return {
      installed: false,
      reason: "the adapter's package.json pins no @langchain/langgraph",
      found_version: found,
    };
  if (found !== pinned)
    return {
      installed: false,
      reason: `installed @langchain/langgraph ${found} is not the adapter's exact pin ${pinned} (run: ${INSTALL_COMMAND})`,
      found_version: found,
    };
  return { installed: true, version: found };
}
