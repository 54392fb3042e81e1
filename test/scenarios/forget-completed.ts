/** A sabotage for tests: the ledger forgets completed keys, so a re-run node dispatches its finished siblings again. */
import type { Environment } from "../../scenarios/index.js";

export function forgetCompletedKeys(env: Environment): void {
  const get = env.ledger.get.bind(env.ledger);
  env.ledger.get = (key) => (get(key)?.state === "completed" ? undefined : get(key));
}
