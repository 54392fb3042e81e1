/**
 * The risk classes and, per class, every rule that depends on one: the policy, the ledger, what a
 * crash leaves behind and MCP's hints. The table is typed as a record over the classes, so a new
 * class fails to compile until its row says all of it; every caller reads the row, never the name.
 */
export const RISK_CLASSES = ["read_only", "idempotent_write", "high_risk", "always_deny"] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];

export type PolicyDecision =
  | { readonly kind: "allow" }
  | { readonly kind: "require_approval" }
  | { readonly kind: "deny"; readonly reason: "always_deny" };

/**
 * What happens to a call that was dispatched but whose outcome never reached the ledger (the process
 * died in between): `run_again` under the same key, or `uncertain` until a person reconciles it.
 */
export type AfterCrash = "run_again" | "uncertain";

export type RiskRule = {
  /** Rule 2 of the contract: whether a call runs, waits for a person, or never runs. */
  readonly policy: PolicyDecision;
  /** Whether a call changes the outside world, and so holds a ledger entry under its idempotency key. */
  readonly sideEffects: boolean;
  /** Rule 5 of the contract: a dispatched call with no recorded outcome after a crash. */
  readonly afterCrash: AfterCrash;
  /** MCP's `tools/list` annotations: hints for a host's UI, never the control. */
  readonly hints: {
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
  };
};

/** Frozen all the way down: a caller holding a row (a policy decision) must not change it for everyone. */
const row = (rule: RiskRule): RiskRule =>
  Object.freeze({ ...rule, policy: Object.freeze(rule.policy), hints: Object.freeze(rule.hints) });

export const RISK_RULES: Readonly<Record<RiskClass, RiskRule>> = Object.freeze({
  read_only: row({
    policy: { kind: "allow" },
    sideEffects: false,
    afterCrash: "run_again",
    hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  }),
  idempotent_write: row({
    policy: { kind: "allow" },
    sideEffects: true,
    afterCrash: "run_again",
    hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  }),
  high_risk: row({
    policy: { kind: "require_approval" },
    sideEffects: true,
    afterCrash: "uncertain",
    hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
  }),
  // Never dispatched; its rules are the most cautious ones, in case a caller ever reaches them.
  always_deny: row({
    policy: { kind: "deny", reason: "always_deny" },
    sideEffects: false,
    afterCrash: "uncertain",
    hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
  }),
});

/** The policy: a pure decision from a tool's risk class. It never mutates or throws. */
export function decidePolicy(risk: RiskClass): PolicyDecision {
  return RISK_RULES[risk].policy;
}

/** Whether a call of this risk class changes the outside world (and so needs a ledger entry). */
export function hasSideEffects(risk: RiskClass): boolean {
  return RISK_RULES[risk].sideEffects;
}
