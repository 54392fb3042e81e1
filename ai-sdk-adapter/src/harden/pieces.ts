/**
 * The hardening layer's pieces, one table: each is applied through one of the AI SDK's own extension
 * points, and each can be switched off on its own so an ablation shows what it holds.
 */
import type { EngineContext } from "../../../runtime/index.js";

export const HARDENING_PIECES = [
  /** The tool's zod schema is the SDK tool's `inputSchema`: the SDK validates before `execute`. */
  "sdk_schema",
  /** ai 7's `toolApproval`, from the contract's risk table: high risk waits for a person, always_deny is denied. */
  "approval_switch",
  /** A person's answer is the contract's token, decided by the contract's `approve`, before it becomes the SDK's response. */
  "approval_check",
  /** `execute` runs the team's executor through the contract's ledger, key, intent and uncertain outcome. */
  "guarded_execute",
  /** The SDK's message history is sealed, and a history's approvals must be ones the contract accepted. */
  "sealed_state",
  /** Secrets never reach an executor, a store or the trace: refused as input, redacted where kept. */
  "redaction",
] as const;
export type HardeningPiece = (typeof HARDENING_PIECES)[number];

export type HardeningOptions = { readonly disable?: readonly HardeningPiece[] };

export const isOn = (options: HardeningOptions, piece: HardeningPiece): boolean =>
  !(options.disable ?? []).includes(piece);

/** What the layer needs of the contract's runtime: its stores, clock, ids, secret and limits. */
export type LayerDeps = Pick<
  EngineContext,
  "registry" | "ledger" | "nonces" | "artifacts" | "trace" | "clock" | "ids" | "secret" | "limits" | "slots"
>;

/**
 * Pieces that no column turns when switched off alone, and the piece that then holds the line: with
 * sealed_state off, approval_check's nonce store still refuses every approval the contract did not accept.
 */
export const BACKED_UP_BY: Readonly<Partial<Record<HardeningPiece, HardeningPiece>>> = {
  sealed_state: "approval_check",
};
