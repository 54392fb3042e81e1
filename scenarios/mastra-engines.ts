/**
 * The Mastra engines, native and hardened, as registry entries (scenarios/engines.ts spreads them
 * into ENGINES). The adapter lives in mastra-adapter/ (its own exact-pinned package); it is imported
 * dynamically, only once the installed @mastra/core is found to be the pin, so nothing outside that
 * folder imports Mastra. When it cannot run, the answer is the reason (and the version found).
 */
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { err, ok, type Result } from "../contract/index.js";
import type { EngineFactory } from "../runtime/index.js";
import { pinnedInstall, type PinnedInstall } from "./pinned-install.js";
import { firstLine, type LoadOptions, type Unloadable } from "./load-langgraph.js";
import { keepsContract } from "./engine-catalogue.js";

export const MASTRA_ADAPTER_DIR = fileURLToPath(new URL("../mastra-adapter/", import.meta.url));
export const MASTRA_INSTALL_COMMAND = "npm ci --prefix mastra-adapter";
const PACKAGE = "@mastra/core";

/** Whether the adapter's @mastra/core is installed at its exact pin: the loader, vitest and the type check ask this. */
export const mastraInstall = (dir: string = MASTRA_ADAPTER_DIR): PinnedInstall =>
  pinnedInstall(dir, PACKAGE, MASTRA_INSTALL_COMMAND);

type Id = "mastra_native" | "mastra_hardened";

export type MastraLoadOptions = {
  /** The adapter package's folder (its package.json pins, its node_modules hold what is installed). */
  readonly mastraDir?: string;
  /** The adapter's entry module (tests point this at a module that cannot load). */
  readonly mastraModule?: string;
};

/** Loads a Mastra engine, or says why it cannot run here. */
export async function loadMastra<I extends Id>(
  id: I,
  options: MastraLoadOptions = {},
): Promise<Result<EngineFactory<I>, Unloadable>> {
  const dir = options.mastraDir ?? MASTRA_ADAPTER_DIR;
  const install = mastraInstall(dir);
  if (!install.installed) return err({ reason: install.reason, found_version: install.found_version });
  const specifier = options.mastraModule ?? pathToFileURL(resolve(dir, "src/index.ts")).href;
  try {
    const adapter = (await import(specifier)) as { factories?: Record<string, EngineFactory<string>> };
    const factory = adapter.factories?.[id];
    if (factory?.id !== id)
      return err({ reason: `${specifier} does not export an ${id} engine factory`, found_version: install.version });
    return ok(factory as EngineFactory<I>);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return err({
      reason: `the Mastra adapter failed to load (${MASTRA_INSTALL_COMMAND}): ${firstLine(message)}`,
      found_version: install.version,
    });
  }
}

const entry = <I extends Id>(id: I) =>
  ({
    id,
    load: (_options: LoadOptions = {}) => loadMastra(id),
    sessionStore: "contract_checkpoints",
    // A native engine keeps no contract to fault; the hardened one plays fewer schedules, Mastra's loop being slower.
    benchFaultSchedules: keepsContract(id) ? { full: 30, quick: 10 } : { full: 0, quick: 0 },
  }) as const;

/** The registry's entries, native first. */
export const MASTRA_ENGINES = [entry("mastra_native"), entry("mastra_hardened")] as const;
