/**
 * A sabotage for tests: the ledger forgets that completed keys completed, as if they had never
 * reached the tool, so a re-run node dispatches its finished siblings again. (Forgetting the entry
 * outright is caught by the contract: a recorded intent with no entry stops `uncertain`.)
 */
import type { Environment } from "../../scenarios/index.js";

export function forgetCompletedKeys(env: Environment): void {
  const get = env.ledger.get.bind(env.ledger);
  env.ledger.get = (key) => {
    const entry = get(key);
    if (entry?.state !== "completed") return entry;
    const { output: _output, ...rest } = entry;
    return { ...rest, state: "in_flight", dispatched: false };
  };
}
