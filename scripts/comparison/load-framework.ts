/**
 * Loads the framework engine a comparison runs: a built-in engine through the registry
 * (engines/registry.ts), or a module engine imported from the user's path with its export checked.
 * When a framework cannot run, the answer is the reason (and the version found), and nothing stands in for it.
 */
import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { err, ok, type Result } from "../../contract/index.js";
import { engineContextOf, type EngineFactory } from "../../runtime/api.js";
import { createEnvironment } from "../../handwritten/fixtures/environment.js";
import type { FrameworkChoice } from "./args.js";
import { checkEngineFactory } from "./module-engine.js";
import { loadEngine, type LoadOptions as EngineLoadOptions, type Unloadable } from "../../engines/index.js";
import { firstLine } from "../../engines/index.js";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export type LoadOptions = EngineLoadOptions & {
  /** Where a module path is resolved from. @default process.cwd() */
  readonly cwd?: string;
};

export type { Unloadable };
export type Loaded = { readonly factory: EngineFactory<string>; readonly label: string };

export function frameworkLabel(choice: FrameworkChoice, cwd = process.cwd()): string {
  if (choice.kind === "builtin") return choice.id;
  return `module:${relative(REPO_ROOT, resolve(cwd, choice.path)).split("\\").join("/")}`;
}

/** Loads what `--framework` chose, with the label the evidence names it by. */
export async function loadChosenFramework(
  choice: FrameworkChoice,
  options: LoadOptions = {},
): Promise<Result<Loaded, Unloadable>> {
  const label = frameworkLabel(choice, options.cwd);
  if (choice.kind === "builtin") {
    const loaded = await loadEngine(choice.id, options);
    return loaded.ok ? ok({ factory: loaded.value, label }) : loaded;
  }
  const loaded = await loadModuleEngine(resolve(options.cwd ?? process.cwd(), choice.path), choice.path);
  return loaded.ok ? ok({ factory: loaded.value, label }) : err({ reason: loaded.error, found_version: null });
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
