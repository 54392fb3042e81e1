/**
 * The OpenAI Agents SDK engines, native and hardened, as registry entries. The adapter lives in
 * openai-agents-adapter/ (its own exact-pinned package); it is imported dynamically, only once the
 * installed @openai/agents is found to be the pin, so nothing outside that folder imports @openai.
 */
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { err, ok, type Result } from "../contract/index.js";
import type { EngineFactory } from "../runtime/index.js";
import { pinnedInstall, type PinnedInstall } from "./pinned-install.js";
import { firstLine, type LoadOptions, type Unloadable } from "./load-langgraph.js";
import { keepsContract } from "./engine-catalogue.js";

export const OPENAI_AGENTS_ADAPTER_DIR = fileURLToPath(new URL("../openai-agents-adapter/", import.meta.url));
export const OPENAI_AGENTS_INSTALL_COMMAND = "npm ci --prefix openai-agents-adapter";
const PACKAGE = "@openai/agents";

/** Whether the adapter's @openai/agents is installed at its exact pin: the loader, vitest and the type check ask this. */
export const openaiAgentsInstall = (dir: string = OPENAI_AGENTS_ADAPTER_DIR): PinnedInstall =>
  pinnedInstall(dir, PACKAGE, OPENAI_AGENTS_INSTALL_COMMAND);

type Id = "openai_agents_native" | "openai_agents_hardened";

const loader =
  <I extends Id>(id: I) =>
  async (options: LoadOptions = {}): Promise<Result<EngineFactory<I>, Unloadable>> => {
    const dir = options.openaiAgentsDir ?? OPENAI_AGENTS_ADAPTER_DIR;
    const install = openaiAgentsInstall(dir);
    if (!install.installed) return err({ reason: install.reason, found_version: install.found_version });
    const specifier = options.openaiAgentsModule ?? pathToFileURL(resolve(dir, "src/index.ts")).href;
    try {
      const adapter = (await import(specifier)) as { factories?: Record<string, EngineFactory<string>> };
      const factory = adapter.factories?.[id];
      if (factory?.id !== id)
        return err({ reason: `${specifier} does not export an ${id} engine factory`, found_version: install.version });
      return ok(factory as EngineFactory<I>);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      return err({
        reason: `the OpenAI Agents adapter failed to load (${OPENAI_AGENTS_INSTALL_COMMAND}): ${firstLine(message)}`,
        found_version: install.version,
      });
    }
  };

const entry = <I extends Id>(id: I) =>
  ({
    id,
    load: loader(id),
    sessionStore: "contract_checkpoints",
    // The SDK's loop makes a schedule slower, as LangGraph's does; a native engine keeps no contract to fault.
    benchFaultSchedules: keepsContract(id) ? { full: 30, quick: 10 } : { full: 0, quick: 0 },
  }) as const;

/** The registry's entries (scenarios/engines.ts spreads them in), native first. */
export const OPENAI_AGENTS_ENGINES = [entry("openai_agents_native"), entry("openai_agents_hardened")] as const;
