/**
 * `ai_sdk_hardened` as the native engine plus the hardening layer and nothing else: the same
 * generateText agent (agent-engine.ts) with the layer's pieces as its configuration. `disable`
 * switches pieces off, for the ablation; `layer` describes them to it.
 */
import { layerOf, type EngineFactory } from "../../../runtime/index.js";
import { createAgentEngine } from "../agent-engine.js";
import { AI_SDK_VERSION } from "../versions.js";
import { hardenAiSdk } from "./layer.js";
import { BACKED_UP_BY, HARDENING_PIECES, type HardeningOptions } from "./pieces.js";

export const createAiSdkHardenedFactory = (options: HardeningOptions = {}): EngineFactory<"ai_sdk_hardened"> => ({
  id: "ai_sdk_hardened",
  version: AI_SDK_VERSION,
  shape: async () => null,
  create: (env) => createAgentEngine(env, "ai_sdk_hardened", hardenAiSdk(env, options)),
  layer: layerOf(HARDENING_PIECES, BACKED_UP_BY, (disable) => createAiSdkHardenedFactory({ disable })),
});

/** The registry's hardened engine: every piece of the layer on. */
export const aiSdkHardenedFactory: EngineFactory<"ai_sdk_hardened"> = createAiSdkHardenedFactory();
