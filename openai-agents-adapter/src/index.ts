/** The harness on the OpenAI Agents SDK, native and hardened, behind the engine interface. */
import { openaiAgentsHardenedFactory } from "./hardened.js";
import { openaiAgentsNativeFactory } from "./native.js";
import type { EngineFactory } from "../../runtime/index.js";

export { createHardenedEngine, createOpenAIHardenedFactory, openaiAgentsHardenedFactory } from "./hardened.js";
export { createNativeEngine, openaiAgentsNativeFactory } from "./native.js";
export {
  applyAnswer,
  checkAnswer,
  guardedExecutor,
  hardenTool,
  HARDENING_PIECES,
  isOn,
  keepRunState,
  openRunState,
  pendingCallId,
  plannerModel,
  sdkInput,
} from "./harden/index.js";
export type {
  GuardedExecutor,
  HardeningOptions,
  HardeningPiece,
  RunStateStore,
  SdkAnswer,
  SealedRunState,
  ToolHooks,
} from "./harden/index.js";
export { OPENAI_AGENTS_VERSION } from "./versions.js";

/** The factories the core's registry loads by id (its row in engines/table.ts). */
export const factories: Readonly<Record<string, EngineFactory<string>>> = {
  openai_agents_native: openaiAgentsNativeFactory,
  openai_agents_hardened: openaiAgentsHardenedFactory,
};
