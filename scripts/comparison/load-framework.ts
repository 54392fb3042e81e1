/**
 * Loads a framework engine. The LangGraph adapter is imported dynamically, so the project runs
 * without it; when it cannot load, the answer is the reason, and nothing stands in for it.
 */
import { err, ok, type Result } from "../../handwritten/contract/index.js";
import { localGraphFactory } from "../../local-graph/agent/index.js";
import type { EngineFactory } from "../../scenarios/engine.js";
import type { FrameworkId } from "./args.js";

/** The adapter's entry module, relative to this file. */
export const LANGGRAPH_ADAPTER_MODULE = "../../langgraph-adapter/src/index.js";

export type LoadOptions = {
  /** Where to import the LangGraph adapter from (tests point this at a module that cannot load). */
  readonly langgraphModule?: string;
};

export async function loadFramework(
  framework: FrameworkId,
  options: LoadOptions = {},
): Promise<Result<EngineFactory, { readonly reason: string }>> {
  if (framework === "local_state_graph") return ok(localGraphFactory);
  const specifier = options.langgraphModule ?? LANGGRAPH_ADAPTER_MODULE;
  try {
    const adapter = (await import(specifier)) as { langgraphFactory?: EngineFactory };
    if (adapter.langgraphFactory?.id !== "langgraph")
      return err({ reason: `${specifier} does not export a langgraph engine factory` });
    return ok(adapter.langgraphFactory);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const missing =
      /Cannot find (package|module)/.test(message) || (e as { code?: string }).code === "ERR_MODULE_NOT_FOUND";
    return err({
      reason: missing
        ? `@langchain/langgraph is not installed for the adapter (run: npm ci --prefix langgraph-adapter): ${firstLine(message)}`
        : `the LangGraph adapter failed to load: ${firstLine(message)}`,
    });
  }
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? text).replace(/\/[^\s'"]*\/(node_modules|langgraph-adapter)\//g, "…/$1/");
}
