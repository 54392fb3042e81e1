/** The harness on DBOS Transact, native and hardened, behind the engine interface. */
import { createDbosHardenedFactory } from "./hardened.js";
import { createDbosNativeFactory } from "./native.js";
import type { EngineFactory } from "../../runtime/index.js";

export { createDbosHardenedFactory, createHardenedEngine } from "./hardened.js";
export { createDbosNativeFactory, createNativeEngine } from "./native.js";
export { contextKey, launchDbos, shutdownDbos } from "./runtime.js";
export { DBOS_VERSION } from "./versions.js";
export { HARDENING_PIECES, isOn, type HardeningOptions, type HardeningPiece } from "./pieces.js";

/** The factories the core's registry loads by id (engines/load.ts, the table's `needs: ["postgres"]`), over one Postgres system database. */
export const dbosFactories = (url: string): Readonly<Record<string, EngineFactory<string>>> => ({
  dbos_native: createDbosNativeFactory(url),
  dbos_hardened: createDbosHardenedFactory(url),
});
