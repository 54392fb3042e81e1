/**
 * The AI SDK's engines as registry entries (scenarios/engines.ts spreads them into ENGINES):
 * `ai_sdk_native`, the framework as its docs teach; `ai_sdk_signed_native`, the same with the docs'
 * signed approvals on (a native variant: the id ends in `_native`, as variants.ts reads it); and
 * `ai_sdk_hardened`, the contract in its hooks.
 * Both live in ai-sdk-adapter/, loaded only when the pinned `ai` is installed there.
 */
import { loadAiSdk, type AiSdkEngineId, type AiSdkLoadOptions } from "./load-ai-sdk.js";
import type { LoadOptions } from "./load-langgraph.js";
import { keepsContract } from "./engine-catalogue.js";

/** Load options as the registry passes them: the LangGraph engine's are ignored here. */
type Options = LoadOptions & AiSdkLoadOptions;

const entry = <Id extends AiSdkEngineId>(id: Id) =>
  ({
    id,
    load: (options: Options = {}) => loadAiSdk(id, options),
    // The hardened engine keeps the contract's checkpoints (and its sealed message history beside them);
    // the native ones keep only their message history, which no bench store seeds: they play no fault schedules.
    sessionStore: "contract_checkpoints",
    benchFaultSchedules: keepsContract(id) ? { full: 30, quick: 10 } : { full: 0, quick: 0 },
  }) as const;

export const AI_SDK_ENGINES = [
  entry("ai_sdk_native"),
  entry("ai_sdk_signed_native"),
  entry("ai_sdk_hardened"),
] as const;
