/** What the reducer asks the runner to do: data, never a call. */
import type { AuthorizedCall, Intent } from "../contract/index.js";

export type Effect =
  | { readonly type: "planner/request" }
  | { readonly type: "ledger/begin"; readonly call: AuthorizedCall; readonly step: number }
  | { readonly type: "tool/execute"; readonly intent: Intent; readonly last_attempt: boolean };

export type EffectType = Effect["type"];
