/**
 * One case of the store fault suite (evidence/fault-stores-v2.json): something a user or an
 * accident does to a store — processes racing one session, a row edited, deleted, swapped or
 * replayed, an older copy restored, a file truncated, the server killed mid-transaction — and what
 * came of it. Every case must end in a typed error or a correct run; `silent_change` (the store
 * accepted an altered history without a word) and `raw_error` (a SyntaxError, a driver exception)
 * are the two failures the suite exists to catch.
 */
import type { EngineId } from "../../../engines/catalogue.js";
import type { StoreKind } from "../targets.js";

export type StoreFaultOutcome = "typed_error" | "correct_run" | "silent_change" | "raw_error";

export type StoreFaultResult = {
  readonly outcome: StoreFaultOutcome;
  /** The reason code of a typed error (`store_tampered`, `session_busy`, …); absent otherwise. */
  readonly code?: string;
  /** What was observed, in one line: effects counted, the message seen. */
  readonly detail: string;
};

export type StoreFaultGroup = "concurrency" | "rows" | "restore" | "server";

export type StoreFaultCase = {
  /** Stable id, e.g. `rows/ledger/delete-then-replay-intent`. */
  readonly id: string;
  readonly group: StoreFaultGroup;
  /** The store kinds the case applies to. */
  readonly kinds: readonly StoreKind[];
  /** What must happen, in one line (the evidence shows it beside the outcome). */
  readonly expect: string;
  /** The engine the case runs, when it needs one: its case is left out when that engine's adapter is absent. */
  readonly engine?: EngineId;
  /** The reason code the case must end in, when holding means one refusal in particular. */
  readonly code?: string;
  /** Runs the case on a fresh store of `kind` in the scratch directory `dir`. */
  run(kind: StoreKind, dir: string): Promise<StoreFaultResult>;
};

/** A result that holds: a typed error or a correct run. */
export const holds = (result: StoreFaultResult): boolean =>
  result.outcome === "typed_error" || result.outcome === "correct_run";
