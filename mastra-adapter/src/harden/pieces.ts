/**
 * The hardening layer's pieces, one table: each is one of Mastra's own extension points given to
 * the contract. An ablation switches any of them off (`disable`) and runs the columns again.
 */
export const HARDENING_PIECES = [
  /** The tool's zod schema handed to `createTool` as its inputSchema, so Mastra validates before execute. */
  "sdk_schema",
  /** The tool's `requireApproval` function: true exactly when the contract waits for a person on that call. */
  "approval_switch",
  /** A person's answer checked by the contract before it becomes Mastra's approveToolCallGenerate or declineToolCallGenerate of that call. */
  "approval_check",
  /** `execute` wrapped with the ledger, the idempotency key, the checkpoint before the effect and reconcile_required. */
  "guarded_execute",
  /** Mastra's suspended run (its runId and call) sealed and kept beside the contract's checkpoint it stopped at. */
  "sealed_state",
  /** What enters Mastra's stored messages (the goal) passes the contract's redaction first. */
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
 * authorized, so it stands behind Mastra's schema check (no column tells the pair from guarded_execute alone:
 * the contract validates every planned call before Mastra sees it) and behind the suspension (off together,
 * pre_approval_state fails). The kept run names only Mastra's runId and call; which call runs is the
 * contract's checked answer (approval_check), though no column yet edits a kept run (a tampering column would).
 * redaction needs no backer: off, secret_in_goal_awaiting_approval fails (the raw goal is in the snapshot of the
 * suspended run, the only place Mastra stores it, which the engine hands the column through `storageSnapshot`).
 */
export const BACKED_UP_BY: Readonly<Partial<Record<HardeningPiece, HardeningPiece>>> = {
  sdk_schema: "guarded_execute",
  approval_switch: "guarded_execute",
  sealed_state: "approval_check",
};
