/** The harness on LangChain's createAgent, native and hardened, behind the engine interface. */
import { langchainHardenedFactory } from "./hardened.js";
import { langchainNativeFactory } from "./native.js";
import type { EngineFactory } from "../../runtime/index.js";

export { createLangChainNativeEngine, langchainNativeFactory } from "./native.js";
export { createLangChainHardenedEngine, createLangChainHardenedFactory, langchainHardenedFactory } from "./hardened.js";
export * from "./harden/index.js";
export { LANGCHAIN_VERSION } from "./versions.js";

/** The factories the core's registry loads by id (its row in engines/table.ts). */
export const factories: Readonly<Record<string, EngineFactory<string>>> = {
  langchain_agent_native: langchainNativeFactory,
  langchain_agent_hardened: langchainHardenedFactory,
};
