/**
 * Loads the LangGraph engine. The adapter is loaded dynamically, only once the installed
 * @langchain/langgraph is found to be the adapter's exact pin, so nothing outside langgraph-adapter/
 * imports @langchain. When it cannot run, the answer is the reason (and the version found), and
 * nothing stands in for it.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { err, ok, type Result } from "../contract/index.js";
import { loadLikeCaller } from "../durable/load-run.js";
import type { EngineFactory } from "../runtime/index.js";
import { INSTALL_COMMAND, LANGGRAPH_ADAPTER_DIR, langgraphInstall } from "./langgraph-install.js";

export type LoadOptions = {
  /** The adapter package's folder (its package.json pins, its node_modules hold what is installed). */
  readonly langgraphDir?: string;
  /** The adapter's entry module (tests point this at a module that cannot load). */
  readonly langgraphModule?: string;
  /** The same two for the OpenAI Agents adapter (openai-agents-adapter/). */
  readonly openaiAgentsDir?: string;
  readonly openaiAgentsModule?: string;
  /** The same two for the LangChain adapter (langchain-adapter/). */
  readonly langchainDir?: string;
  readonly langchainModule?: string;
  /** The DBOS adapter's folder, and the Postgres it runs on (compare's --store postgres:URL). */
  readonly dbosDir?: string;
  readonly postgresUrl?: string;
};

/** Why a built-in engine cannot run here, and the version of its framework found (if any). */
export type Unloadable = { readonly reason: string; readonly found_version: string | null };

export async function loadLangGraph(
  options: LoadOptions = {},
): Promise<Result<EngineFactory<"langgraph">, Unloadable>> {
  const dir = options.langgraphDir ?? LANGGRAPH_ADAPTER_DIR;
  const install = langgraphInstall(dir);
  if (!install.installed) return err({ reason: install.reason, found_version: install.found_version });
  const found = install.version;
  const specifier = options.langgraphModule ?? pathToFileURL(resolve(dir, "src/index.ts")).href;
  try {
    // Through require in a run loaded by require (the adapter's LangGraph always is: langgraph.ts).
    const adapter: { langgraphFactory?: EngineFactory<"langgraph"> } = await loadLikeCaller(
      import.meta.url,
      specifier,
      () => import(specifier),
    );
    if (adapter.langgraphFactory?.id !== "langgraph")
      return err({ reason: `${specifier} does not export a langgraph engine factory`, found_version: found });
    return ok(adapter.langgraphFactory);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const missing =
      /Cannot find (package|module)/.test(message) || (e as { code?: string }).code === "ERR_MODULE_NOT_FOUND";
    return err({
      reason: missing
        ? `a package the LangGraph adapter needs is not installed (run: ${INSTALL_COMMAND}): ${firstLine(message)}`
        : `the LangGraph adapter failed to load: ${firstLine(message)}`,
      found_version: found,
    });
  }
}

/** The first line of an error message, with machine-specific paths cut to the package folder. */
export function firstLine(text: string): string {
  return (text.split("\n")[0] ?? text).replace(/\/[^\s'"]*\/(node_modules|langgraph-adapter)\//g, "…/$1/");
}
