/** The harness on the OpenAI Agents SDK, native and hardened, behind the engine interface. */
import { openaiAgentsHardenedFactory } from "./hardened.js";
import { openaiAgentsNativeFactory } from "./native.js";
import type { EngineFactory } from "../../runtime/index.js";

export { createHardenedEngine, openaiAgentsHardenedFactory } from "./hardened.js";
export { createNativeEngine, openaiAgentsNativeFactory } from "./native.js";
export { OPENAI_AGENTS_VERSION } from "./versions.js";

/** The factories the core's registry loads by id (scenarios/openai-agents-engines.ts). */
export const factories: Readonly<Record<string, EngineFactory<string>>> = {
  openai_agents_native: openaiAgentsNativeFactory,
  openai_agents_hardened: openaiAgentsHardenedFactory,
};
