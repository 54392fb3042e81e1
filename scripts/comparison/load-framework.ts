/**
 * Loads the framework engine a comparison runs. The LangGraph adapter is imported dynamically, only
 * once the installed @langchain/langgraph is found to be the adapter's exact pin; a module engine is
 * imported from the user's path and its export checked. When a framework cannot run, the answer is
 * the reason (and the version found), and nothing stands in for it.
 */
import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { err, ok, type Result } from "../../contract/index.js";
import { localGraphFactory } from "../../local-graph/agent/index.js";
import { engineContextOf, type EngineFactory } from "../../runtime/api.js";
import { createEnvironment } from "../../handwritten/fixtures/environment.js";
import type { FrameworkChoice, FrameworkId } from "./args.js";
import { INSTALL_COMMAND, LANGGRAPH_ADAPTER_DIR, langgraphInstall } from "../langgraph-install.js";
import { checkEngineFactory } from "./module-engine.js";
import type { BuiltInFactory } from "../../scenarios/engines.js";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export type LoadOptions = {
  /** The adapter package's folder (its package.json pins, its node_modules hold what is installed). */
  readonly langgraphDir?: string;
  /** The adapter's entry module (tests point this at a module that cannot load). */
  readonly langgraphModule?: string;
  /** Where a module path is resolved from. @default process.cwd() */
  readonly cwd?: string;
};

export type Unloadable = { readonly reason: string; readonly found_version: string | null };
export type Loaded = { readonly factory: EngineFactory<string>; readonly label: string };

export function frameworkLabel(choice: FrameworkChoice, cwd = process.cwd()): string {
  if (choice.kind === "builtin") return choice.id;
  return `module:${relative(REPO_ROOT, resolve(cwd, choice.path)).split("\\").join("/")}`;
}

/** Loads a built-in framework by id (the fault schedules, the bench and the crash tests use this). */
export async function loadFramework(
  id: FrameworkId,
  options: LoadOptions = {},
): Promise<Result<BuiltInFactory, Unloadable>> {
  return id === "local_state_graph" ? ok(localGraphFactory) : loadLangGraph(options);
}

/** Loads what `--framework` chose, with the label the evidence names it by. */
export async function loadChosenFramework(
  choice: FrameworkChoice,
  options: LoadOptions = {},
): Promise<Result<Loaded, Unloadable>> {
  const label = frameworkLabel(choice, options.cwd);
  if (choice.kind === "builtin") {
    const loaded = await loadFramework(choice.id, options);
    return loaded.ok ? ok({ factory: loaded.value, label }) : loaded;
  }
  const loaded = await loadModuleEngine(resolve(options.cwd ?? process.cwd(), choice.path), choice.path);
  return loaded.ok ? ok({ factory: loaded.value, label }) : err({ reason: loaded.error, found_version: null });
}

async function loadLangGraph(options: LoadOptions): Promise<Result<EngineFactory<"langgraph">, Unloadable>> {
  const dir = options.langgraphDir ?? LANGGRAPH_ADAPTER_DIR;
  const install = langgraphInstall(dir);
  if (!install.installed) return err({ reason: install.reason, found_version: install.found_version });
  const found = install.version;
  const specifier = options.langgraphModule ?? pathToFileURL(resolve(dir, "src/index.ts")).href;
  try {
    const adapter = (await import(specifier)) as { langgraphFactory?: EngineFactory<"langgraph"> };
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

async function loadModuleEngine(file: string, given: string): Promise<Result<EngineFactory<string>, string>> {
  if (!existsSync(file)) return err(`no engine module at ${given}`);
  let exported: Record<string, unknown>;
  try {
    exported = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (e) {
    return err(`the engine module ${given} failed to load: ${firstLine(e instanceof Error ? e.message : String(e))}`);
  }
  const checked = checkEngineFactory(exported["engineFactory"] ?? exported["default"]);
  if (!checked.ok) return err(`${given} does not export an engine factory: ${checked.error}`);
  try {
    checked.value.create(engineContextOf(createEnvironment({ script: [] })));
  } catch (e) {
    return err(
      `${given}: create() failed on an empty environment: ${firstLine(e instanceof Error ? e.message : String(e))}`,
    );
  }
  return checked;
}

export function firstLine(text: string): string {
  return (text.split("\n")[0] ?? text).replace(/\/[^\s'"]*\/(node_modules|langgraph-adapter)\//g, "…/$1/");
}
