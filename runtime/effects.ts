/** What the reducer asks the runner to do: data, never a call. */
import type { AuthorizedCall, Intent } from "../contract/index.js";

/** One dispatched call of a batch. */
export type DispatchedCall = { readonly call_id: string; readonly intent: Intent; readonly last_attempt: boolean };

export type Effect =
  | { readonly type: "planner/request" }
  | { readonly type: "ledger/begin"; readonly call: AuthorizedCall; readonly step: number }
  | { readonly type: "tool/execute"; readonly intent: Intent; readonly last_attempt: boolean }
  /** Opens the ledger entries of every authorized call of a batch before any of them is dispatched. */
  | {
      readonly type: "batch/begin";
      readonly calls: readonly { readonly call_id: string; readonly call: AuthorizedCall }[];
      readonly step: number;
    }
  /** Runs the dispatched calls of a batch in parallel; their outcomes come back together. */
  | { readonly type: "batch/execute"; readonly calls: readonly DispatchedCall[] };

export type EffectType = Effect["type"];
