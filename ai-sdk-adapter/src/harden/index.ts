/** The hardening layer for an AI SDK agent: its pieces, the layer, and the engine built from native + layer. */
export { HARDENING_PIECES, isOn } from "./pieces.js";
export type { HardeningOptions, HardeningPiece, LayerDeps } from "./pieces.js";
export { hardenAiSdk } from "./layer.js";
export { createAiSdkHardenedFactory } from "./engine.js";
export { isHalt } from "./guarded-execute.js";
export type { Halt } from "./guarded-execute.js";
