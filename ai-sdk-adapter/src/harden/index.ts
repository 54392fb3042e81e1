/** The hardening layer for an AI SDK agent: its pieces, the layer, and the engine built from native + layer. */
export { BACKED_UP_BY, HARDENING_PIECES, isOn } from "./pieces.js";
export type { HardeningOptions, HardeningPiece, LayerDeps } from "./pieces.js";
export { hardenAiSdk } from "./layer.js";
export { aiSdkHardenedFactory, createAiSdkHardenedFactory } from "./engine.js";
export { isHalt } from "./guarded-execute.js";
export type { Halt } from "./guarded-execute.js";
