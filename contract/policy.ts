/** The policy: a pure decision from a tool's risk class. It never mutates or throws. */
import { assertNever } from "./result.js";
import type { RiskClass } from "./tool.js";

export type PolicyDecision =
  | { readonly kind: "allow" }
  | { readonly kind: "require_approval" }
  | { readonly kind: "deny"; readonly reason: "always_deny" };

export function decidePolicy(risk: RiskClass): PolicyDecision {
  switch (risk) {
    case "read_only":
    case "idempotent_write":
      return { kind: "allow" };
    case "high_risk":
      return { kind: "require_approval" };
    case "always_deny":
      return { kind: "deny", reason: "always_deny" };
    default:
      return assertNever(risk);
  }
}

/** Whether a call of this risk class changes the outside world (and so needs a ledger entry). */
export function hasSideEffects(risk: RiskClass): boolean {
  return risk === "idempotent_write" || risk === "high_risk";
}
