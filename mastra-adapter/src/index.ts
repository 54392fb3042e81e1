/** The harness on Mastra, native and hardened, behind the engine interface. */
import { mastraHardenedFactory } from "./hardened.js";
import { mastraNativeFactory } from "./native.js";
import type { EngineFactory } from "../../runtime/index.js";

export { createHardenedEngine, createMastraHardenedFactory, mastraHardenedFactory } from "./hardened.js";
export { createNativeEngine, mastraNativeFactory } from "./native.js";
export {
  answerOf,
  checkAnswer,
  drain,
  guardedExecutor,
  hardenTool,
  HARDENING_PIECES,
  isOn,
  keepSuspendedRun,
  live,
  mastraInput,
  openSuspendedRun,
  plannerModel,
  spendSuspendedRun,
  surfacedCalls,
  waitsOn,
  waitsOnCall,
} from "./harden/index.js";
export type {
  GuardedExecutor,
  HardeningOptions,
  HardeningPiece,
  MastraDecision,
  SealedRun,
  SurfacedCall,
  SuspendedRun,
  SuspendedRunStore,
  ToolHooks,
} from "./harden/index.js";
export { MASTRA_VERSION } from "./versions.js";

/** The factories the core's registry loads by id (its row in engines/table.ts). */
export const factories: Readonly<Record<string, EngineFactory<string>>> = {
  mastra_native: mastraNativeFactory,
  mastra_hardened: mastraHardenedFactory,
};
