/**
 * The hardening layer's pieces on DBOS's own primitives, one table; an ablation switches any off
 * (`disable`) and runs the columns again. The contract's engine inside the work step is not a piece:
 * without it there is no contract to hold.
 */
import { layerOf, type EngineFactory, type HardeningLayer } from "../../runtime/index.js";

export const HARDENING_PIECES = [
  /**
   * A DBOS step checkpointed before each operation's work step: a recovery that replays it but must run
   * the work step again knows the work may have begun, and runs the contract's resume instead.
   */
  "intent_step",
] as const;
export type HardeningPiece = (typeof HARDENING_PIECES)[number];

export type HardeningOptions = { readonly disable?: readonly HardeningPiece[] };

/** Whether `piece` is on under `options` (every piece is, unless disabled). */
export const isOn = (options: HardeningOptions, piece: HardeningPiece): boolean =>
  !(options.disable ?? []).includes(piece);

/** The layer as an ablation sees it, over the runtime's one `layerOf`: its one piece has no backer. */
export const dbosLayer = (make: (disable: HardeningPiece[]) => EngineFactory<string>): HardeningLayer =>
  layerOf(HARDENING_PIECES, {}, make);
