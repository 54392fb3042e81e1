/**
 * The hardening layer's pieces, one table (the same six ids as the other layers): each is one of
 * LangChain's own extension points given to the contract. An ablation switches any of them off.
 */
export const HARDENING_PIECES = [
  /** The tool's zod schema handed to LangChain's `tool`, so LangChain validates before the tool runs. */
  "sdk_schema",
  /** `humanInTheLoopMiddleware`'s `interruptOn`, derived from the contract's risk table. */
  "approval_switch",
  /** A person's answer checked by the contract before it becomes a decision of the interrupt. */
  "approval_check",
  /** `execute` wrapped with the ledger, the idempotency key, the checkpoint before the effect and reconcile_required. */
  "guarded_execute",
  /** The agent's thread checkpoint sealed and kept beside the contract's checkpoint it was taken at. */
  "sealed_state",
  /** What enters the agent's checkpointed messages passes the contract's redaction first (a beforeAgent hook). */
  "redaction",
] as const;
export type HardeningPiece = (typeof HARDENING_PIECES)[number];

export type HardeningOptions = { readonly disable?: readonly HardeningPiece[] };

/** Whether `piece` is on under `options` (every piece is, unless disabled). */
export const isOn = (options: HardeningOptions, piece: HardeningPiece): boolean =>
  !(options.disable ?? []).includes(piece);

/**
 * Pieces that no column turns when switched off alone, and the piece that then holds the line (measured by
 * switching each pair off, 43 columns). guarded_execute runs a call only with the arguments the contract
 * authorized, so it stands behind LangChain's schema check (no column tells the pair from guarded_execute
 * alone: the contract validates every planned call before LangChain sees it), behind the interrupt (off
 * together, pre_approval_state fails) and behind the sealed thread (off together, approval_token_unbound).
 */
export const BACKED_UP_BY: Readonly<Partial<Record<HardeningPiece, HardeningPiece>>> = {
  sdk_schema: "guarded_execute",
  approval_switch: "guarded_execute",
  sealed_state: "guarded_execute",
};
