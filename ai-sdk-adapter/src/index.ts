/** The Vercel AI SDK's engines behind the scenario engine interface: native (plain and signed) and hardened (native + layer). */
import type { EngineFactory } from "../../runtime/index.js";
import { aiSdkHardenedFactory } from "./harden/index.js";
import { aiSdkNativeFactory, aiSdkSignedNativeFactory } from "./native.js";

export { aiSdkNativeFactory, aiSdkSignedNativeFactory } from "./native.js";
export { AI_SDK_VERSION } from "./versions.js";

export const aiSdkFactories: Readonly<Record<string, EngineFactory<string>>> = {
  ai_sdk_native: aiSdkNativeFactory,
  ai_sdk_signed_native: aiSdkSignedNativeFactory,
  ai_sdk_hardened: aiSdkHardenedFactory,
};
export {
  aiSdkHardenedFactory,
  BACKED_UP_BY,
  createAiSdkHardenedFactory,
  hardenAiSdk,
  HARDENING_PIECES,
} from "./harden/index.js";
export type { HardeningOptions, HardeningPiece, LayerDeps } from "./harden/index.js";
export { createAgentEngine } from "./agent-engine.js";
export type { AgentHooks, RunContext } from "./agent-engine.js";
