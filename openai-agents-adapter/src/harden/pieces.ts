/**
 * The hardening layer's pieces, one table: each is one of the SDK's own extension points given to
 * the contract. An ablation switches any of them off (`disable`) and runs the columns again.
 */
export const HARDENING_PIECES = [
  /** The tool's zod schema handed to the SDK (strict where the SDK takes it), so the SDK validates. */
  "sdk_schema",
  /** The SDK's `needsApproval`, derived from the contract's risk table. */
  "approval_switch",
  /** A person's answer checked by the contract before it becomes the SDK's approve or reject of one interruption. */
  "approval_check",
  /** `execute` wrapped with the ledger, the idempotency key, the checkpoint before the effect and reconcile_required. */
  "guarded_execute",
  /** The SDK's RunState sealed and stored beside the contract's checkpoint it was taken at. */
  "sealed_state",
  /** What enters the SDK's stored and traced state passes the contract's redaction first. */
  "redaction",
] as const;
export type HardeningPiece = (typeof HARDENING_PIECES)[number];

export type HardeningOptions = { readonly disable?: readonly HardeningPiece[] };

/** Whether `piece` is on under `options` (every piece is, unless disabled). */
export const isOn = (options: HardeningOptions, piece: HardeningPiece): boolean =>
  !(options.disable ?? []).includes(piece);

/**
 * Pieces that no column turns when switched off alone, and the piece that then holds the line: the ablation
 * proves each by switching both off. The SDK's own schema check is backed by the contract's, which every
 * call's execute passes through before the ledger opens.
 */
export const BACKED_UP_BY: Readonly<Partial<Record<HardeningPiece, HardeningPiece>>> = {
  sdk_schema: "guarded_execute",
  approval_switch: "guarded_execute",
  sealed_state: "approval_check",
};
