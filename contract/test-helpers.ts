/**
 * Shared helpers for the contract's own tests. Test-only: nothing in the contract imports it, and
 * `npm run mutate` does not mutate it. No `node:` imports, so the contract folder stays browser-clean.
 */
import { createMemoryArtifactStore } from "./artifacts.js";
import { digest } from "./canonical.js";
import { createManualClock } from "./clock.js";
import type { ExecutionDeps } from "./execution.js";
import { createMemoryLedger } from "./ledger.js";
import { createRegistry } from "./registry.js";
import type { Intent } from "./state.js";
import type { RiskClass } from "./risk.js";
import type { AnyToolSpec } from "./tool.js";

export type TestExecutionDeps = ExecutionDeps & {
  readonly ledger: ReturnType<typeof createMemoryLedger>;
  readonly artifacts: ReturnType<typeof createMemoryArtifactStore>;
  readonly clock: ReturnType<typeof createManualClock>;
};

/** What `executeIntent` needs, in memory: the given tools, an empty ledger and artifact store, a clock at 0. */
export function executionDeps(tools: readonly AnyToolSpec[]): TestExecutionDeps {
  return {
    registry: createRegistry(tools),
    ledger: createMemoryLedger(),
    artifacts: createMemoryArtifactStore(),
    clock: createManualClock(0),
  };
}

/** A first attempt of a call to `tool` with no arguments, under the key `key-<tool>`. */
export function intentFor(tool: string, risk: RiskClass, over: Partial<Intent> = {}): Intent {
  return {
    key: `key-${tool}`,
    tool,
    risk,
    args: {},
    args_digest: digest({}),
    step: 1,
    attempt: 0,
    retry_at: null,
    ...over,
  };
}

/** Opens the ledger entry of an intent, as `beginCall` does before a write is dispatched. */
export function beginIntent(deps: ExecutionDeps, intent: Intent) {
  return deps.ledger.begin({
    key: intent.key,
    tool: intent.tool,
    args_digest: intent.args_digest,
    owner: "s#1",
    at: 0,
  });
}
