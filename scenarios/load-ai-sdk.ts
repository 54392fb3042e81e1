/**
 * Loads the AI SDK engines (native, native with signed approvals, and hardened). The adapter is imported dynamically, only once
 * the installed `ai` is found to be the adapter's exact pin, so nothing outside ai-sdk-adapter/
 * imports the AI SDK. When it cannot run, the answer is the reason (and the version found).
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { err, ok, type Result } from "../contract/index.js";
import type { EngineFactory } from "../runtime/index.js";
import { AI_SDK_ADAPTER_DIR, AI_SDK_INSTALL_COMMAND, aiSdkInstall } from "./ai-sdk-install.js";
import { firstLine, type Unloadable } from "./load-langgraph.js";

export const AI_SDK_ENGINE_IDS = ["ai_sdk_native", "ai_sdk_signed_native", "ai_sdk_hardened"] as const;
export type AiSdkEngineId = (typeof AI_SDK_ENGINE_IDS)[number];

export type AiSdkLoadOptions = {
  /** The adapter package's folder (its package.json pins, its node_modules hold what is installed). */
  readonly aiSdkDir?: string;
  /** The adapter's entry module (tests point this at a module that cannot load). */
  readonly aiSdkModule?: string;
};

export async function loadAiSdk<Id extends AiSdkEngineId>(
  id: Id,
  options: AiSdkLoadOptions = {},
): Promise<Result<EngineFactory<Id>, Unloadable>> {
  const dir = options.aiSdkDir ?? AI_SDK_ADAPTER_DIR;
  const install = aiSdkInstall(dir);
  if (!install.installed) return err({ reason: install.reason, found_version: install.found_version });
  const specifier = options.aiSdkModule ?? pathToFileURL(resolve(dir, "src/index.ts")).href;
  try {
    const adapter = (await import(specifier)) as { aiSdkFactories?: Record<string, EngineFactory<string>> };
    const factory = adapter.aiSdkFactories?.[id];
    if (factory?.id !== id)
      return err({ reason: `${specifier} does not export an ${id} engine factory`, found_version: install.version });
    return ok(factory as EngineFactory<Id>);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const missing =
      /Cannot find (package|module)/.test(message) || (e as { code?: string }).code === "ERR_MODULE_NOT_FOUND";
    return err({
      reason: missing
        ? `a package the AI SDK adapter needs is not installed (run: ${AI_SDK_INSTALL_COMMAND}): ${firstLine(message)}`
        : `the AI SDK adapter failed to load: ${firstLine(message)}`,
      found_version: install.version,
    });
  }
}
