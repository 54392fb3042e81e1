/**
 * The facts about one tool call, and the message each leaves for the model. A single-call turn
 * applies them to the agent state; a multi-call turn applies them to one call of its batch. Both
 * word the model's message through the functions here, so the two forms cannot drift apart.
 */
import type { JsonValue } from "./canonical.js";
import type { ToolMessage, ToolMessageStatus } from "./state.js";
import type { BatchEntry, Rejection } from "./validation.js";

export type UncertainReason =
  | "timeout"
  | "unknown_error"
  | "invalid_output"
  | "crash_before_outcome"
  | "ledger_uncertain"
  | "ledger_missing"
  | "cancelled";

export type ConflictReason = "key_in_flight" | "key_reused_with_other_arguments";

type Conflicted = { readonly type: "call_conflicted"; readonly reason: ConflictReason };
type Uncertain = { readonly type: "tool_uncertain"; readonly reason: UncertainReason; readonly message: string };

/** Policy before execution (and, in a batch, a key an earlier call of the turn already holds). */
export type PolicyFact =
  | { readonly type: "policy_allowed" }
  | { readonly type: "policy_denied"; readonly reason: string }
  | { readonly type: "approval_requested" }
  | Conflicted;

/** The ledger's answer when a call is about to be dispatched. */
export type BeginFact =
  | { readonly type: "intent_recorded" }
  | { readonly type: "call_replayed"; readonly content: JsonValue }
  | Conflicted
  | Uncertain;

/** How one attempt ended. */
export type OutcomeFact =
  | { readonly type: "tool_succeeded"; readonly content: JsonValue; readonly recovered: boolean }
  | { readonly type: "tool_errored"; readonly message: string }
  | { readonly type: "retry_scheduled"; readonly retry_at: number; readonly message: string }
  | { readonly type: "retries_exhausted"; readonly message: string }
  | Uncertain;

/** What a person decided about a call waiting for approval, or an audited confirmation. */
export type PersonFact =
  | { readonly type: "approval_accepted" }
  | { readonly type: "approval_declined" }
  | { readonly type: "tool_reconciled"; readonly operator: string; readonly note: string };

export type CallFact = PolicyFact | BeginFact | OutcomeFact | PersonFact;

/** A call fact addressed to one call of a batch. */
export type ForCall<F> = { readonly call_id: string; readonly fact: F };

/** Facts of a multi-call turn: each carries one call fact per call it concerns, in call order. */
export type BatchFact =
  | { readonly type: "batch_validated"; readonly entries: readonly BatchEntry[] }
  | { readonly type: "batch_policy_decided"; readonly results: readonly ForCall<PolicyFact>[] }
  | { readonly type: "batch_intents_recorded"; readonly results: readonly ForCall<BeginFact>[] }
  | { readonly type: "batch_calls_settled"; readonly results: readonly ForCall<OutcomeFact>[] };

export function toolMessage(
  tool: string | null,
  status: ToolMessageStatus,
  key: string | null,
  content: JsonValue,
): ToolMessage {
  return { role: "tool", tool, status, idempotency_key: key, content };
}

export const rejectedContent = ({ code, message, issues }: Rejection): JsonValue => ({
  code,
  message,
  issues: issues.map((i) => ({ ...i })),
});
export const deniedContent = (tool: string, reason: string): JsonValue => ({
  code: reason,
  message: `${tool} is never executed`,
});
export const declinedContent = (): JsonValue => ({ code: "approval_declined", message: "a person declined this call" });
export const conflictContent = (reason: ConflictReason): JsonValue => ({
  code: reason,
  message: "idempotency key cannot run this call",
});
export const errorContent = (message: string): JsonValue => ({ code: "tool_error", message });
export const reconciledContent = (operator: string, note: string): JsonValue => ({
  outcome: "confirmed",
  operator,
  note,
});
