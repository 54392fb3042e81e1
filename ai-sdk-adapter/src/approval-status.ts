/**
 * The AI SDK's approval switch (ai 7's `toolApproval`, docs: ai-sdk.dev/docs/agents/tool-approvals) read
 * from the contract's risk table: one function maps the contract's policy decision onto the SDK's
 * status, and both engines build their per-tool map with it, so neither restates which class waits.
 */
import type { ToolApprovalStatus } from "ai";
import { assertNever, decidePolicy, type PolicyDecision, type ToolRegistry } from "../../contract/index.js";

/** The SDK's status for a contract policy decision: run, ask a person, or refuse with the contract's reason. */
export function approvalStatusOf(decision: PolicyDecision): Exclude<ToolApprovalStatus, undefined> {
  switch (decision.kind) {
    case "allow":
      return "not-applicable";
    case "require_approval":
      return "user-approval";
    case "deny":
      // The docs' way for a tool that stays registered but never runs: an automatic denial with its reason.
      return { type: "denied", reason: decision.reason };
    default:
      return assertNever(decision);
  }
}

/** The per-tool `toolApproval` map of a registry, as the docs' "Require Approval for a Tool" writes it. */
export const toolApprovalOf = (registry: ToolRegistry): Record<string, Exclude<ToolApprovalStatus, undefined>> =>
  Object.fromEntries(registry.list().map((spec) => [spec.name, approvalStatusOf(decidePolicy(spec.risk))]));
