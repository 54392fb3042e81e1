/**
 * What `compare`'s bundle starts from (bundle.ts): node:crypto's hashing installed before the run's
 * modules evaluate (they load when `loadRun` asks, as `loadRun` of durable/load-run.ts does), and the
 * LangGraph adapter offered from the bundle, so `loadLangGraph` takes it with the run's one copy of
 * the contract. LangGraph itself, which the adapter requires (langgraph-adapter/src/packages.cjs), comes
 * from a bundle of its own packages, built and cached the same way, once a run asks for the adapter.
 */
import { relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { installNodeHashing } from "../../durable/node-hashing.js";
import { provideModule, provideRequire } from "../../durable/load-run.js";
import { adapterDir } from "../../engines/pinned-install.js";
import { prepareBundle } from "./bundle.js";

export type RunEntryOptions = {
  /** The project's root, which bundles name their sources from. */
  readonly root: string;
  /** Where bundles and V8's code for them are kept. */
  readonly cacheDir: string;
};

export async function loadRun(options: RunEntryOptions): Promise<typeof import("./run.js")> {
  installNodeHashing();
  // The path's type left unchecked (`as string`): the project's type check leaves the adapter, its own package, out.
  let packages: Promise<void> | undefined;
  provideModule(pathToFileURL(resolve(adapterDir("langgraph-adapter"), "src/index.ts")).href, async () => {
    await (packages ??= provideLangGraphPackages(options));
    return import("../../langgraph-adapter/src/index.js" as string);
  });
  return import("./run.js");
}

const PACKAGES = resolve(adapterDir("langgraph-adapter"), "src/packages.cjs");

/**
 * LangGraph, @langchain/core and langsmith are some 580 CommonJS files: required one by one (each
 * resolved through tsx's hook, then compiled) they take a third of `compare --framework langgraph`'s
 * time beyond tsx's start; from one bundle compiled from V8's cache, a fifth of that. When the
 * bundle cannot be built, the adapter requires them from node_modules as it does anywhere else.
 */
async function provideLangGraphPackages(options: RunEntryOptions): Promise<void> {
  try {
    const evaluate = await prepareBundle<unknown>({
      root: options.root,
      entry: relative(options.root, PACKAGES),
      shared: new Set(),
      cacheDir: options.cacheDir,
    });
    provideRequire(pathToFileURL(PACKAGES).href, evaluate);
  } catch {
    // Left to require.
  }
}
