/**
 * Pure maps from what the outside world answered to the fact an engine applies. Every engine
 * calls these, so no engine can decide a policy, approval or retry question its own way.
 */
import { isSensitiveIdentifier, SENSITIVE_IDENTIFIER } from "./redact.js";
import { redactText } from "./sensitive.js";
import { callsIn } from "./batch.js";
import type { JsonValue } from "./canonical.js";
import type { BatchFact, BeginFact, ForCall, OutcomeFact, PolicyFact } from "./call-facts.js";
import type { Fact, UncertainReason } from "./facts.js";
import { decideBegin, ledgerEntries, type BeginDecision, type BeginRequest } from "./ledger.js";
import { decidePolicy } from "./risk.js";
import type { ToolRegistry } from "./registry.js";
import { assertNever } from "./result.js";
import type { AgentLimits, AgentState, AuthorizedCall, Intent, StateOf } from "./state.js";
import { validatePlannerOutput, type InputLimits, DEFAULT_INPUT_LIMITS } from "./validation.js";

/** Before asking the planner: the step or wall-time bound may end the run instead. */
export function factBeforePlanning(state: StateOf<"ready">, limits: AgentLimits, now: number): Fact | null {
  if (state.step >= limits.maxSteps) return { type: "step_limit_reached" };
  if (now - state.started_at > limits.maxRunMs) return { type: "time_limit_reached" };
  return null;
}

/**
 * A session with no end (MCP: the host plans) trims its conversation between turns, so a state,
 * and the hash of it every fact takes, stays bounded: over `maxMessages`, it keeps the last half.
 */
export function factForTrim(state: AgentState, maxMessages: number): Fact | null {
  if (state.status !== "ready" || state.messages.length <= maxMessages) return null;
  return { type: "messages_trimmed", kept: Math.max(1, Math.floor(maxMessages / 2)) };
}

/** Schema first: the planner's (redacted) output becomes a validated call, a final answer or a rejection. */
export function factForPlannerOutput(
  registry: ToolRegistry,
  state: StateOf<"planned">,
  inputLimits: InputLimits = DEFAULT_INPUT_LIMITS,
): Fact {
  const parsed = validatePlannerOutput(registry, state.planned, inputLimits, state.planned_redacted === true);
  if (!parsed.ok) return { type: "call_rejected", rejection: parsed.error };
  const action = parsed.value;
  switch (action.kind) {
    case "final":
      return { type: "run_completed", text: action.text };
    case "tool_call":
      return { type: "call_validated", call: action.call };
    case "tool_calls":
      return { type: "batch_validated", entries: action.calls };
    default:
      return assertNever(action);
  }
}

/** Policy before execution. */
export function factForPolicy(state: StateOf<"validated">): PolicyFact {
  return policyFact(state.call);
}

/**
 * Policy for each validated call of a batch, in call order. A call whose key an earlier call of
 * the same turn already holds is refused as the ledger would refuse it (`decideBegin` against the
 * earlier call's entry): other arguments are `key_reused_with_other_arguments`, the same ones a
 * key in flight. The earlier call runs.
 */
export function factForBatchPolicy(state: StateOf<"batch">): BatchFact {
  const results: ForCall<PolicyFact>[] = [];
  const held = new Map<string, AuthorizedCall>();
  for (const { call_id, call } of callsIn(state.batch, "validated")) {
    const earlier = held.get(call.idempotency_key);
    held.set(call.idempotency_key, earlier ?? call);
    results.push({ call_id, fact: earlier === undefined ? policyFact(call) : sameTurnConflict(earlier, call) });
  }
  return { type: "batch_policy_decided", results };
}

function sameTurnConflict(earlier: AuthorizedCall, call: AuthorizedCall): PolicyFact {
  // The ledger's answer to `call` while `earlier` holds the key in flight: anything but a
  // mismatch would be a conflict or a retry of the same call, and both are a key in flight.
  const begin = (c: AuthorizedCall): BeginRequest => ({
    key: c.idempotency_key,
    tool: c.tool,
    args_digest: c.args_digest,
    owner: "this-turn",
    at: 0,
  });
  const decision = decideBegin(ledgerEntries.begun(begin(earlier)), begin(call));
  return decision.kind === "mismatch"
    ? { type: "call_conflicted", reason: "key_reused_with_other_arguments" }
    : { type: "call_conflicted", reason: "key_in_flight" };
}

/** The ledger's answers for the calls of a batch about to be dispatched, as one fact. */
export function factForBatchBegin(
  answers: readonly { readonly call_id: string; readonly decision: BeginDecision; readonly replay: JsonValue }[],
): BatchFact {
  return {
    type: "batch_intents_recorded",
    results: answers.map(({ call_id, decision, replay }) => ({ call_id, fact: factForBegin(decision, () => replay) })),
  };
}

/** How the dispatched calls of a batch ended, in call order, as one fact. */
export function factForBatchOutcomes(
  state: StateOf<"batch">,
  outcomes: readonly { readonly call_id: string; readonly outcome: ExecutionOutcome }[],
  limits: AgentLimits,
  now: number,
): BatchFact {
  const results: ForCall<OutcomeFact>[] = [];
  for (const { call_id, phase } of state.batch.calls) {
    const found = outcomes.find((o) => o.call_id === call_id);
    if (found === undefined || phase.kind !== "executing") continue;
    results.push({ call_id, fact: factForOutcome(found.outcome, phase.intent, limits, now) });
  }
  return { type: "batch_calls_settled", results };
}

function policyFact(call: AuthorizedCall): PolicyFact {
  const decision = decidePolicy(call.risk);
  switch (decision.kind) {
    case "allow":
      return { type: "policy_allowed" };
    case "require_approval":
      return { type: "approval_requested" };
    case "deny":
      return { type: "policy_denied", reason: decision.reason };
    default:
      return assertNever(decision);
  }
}

/** The ledger's answer to `begin`, as a fact. */
export function factForBegin(decision: BeginDecision, replayContent: (output: unknown) => JsonValue): BeginFact {
  switch (decision.kind) {
    case "execute":
      return { type: "intent_recorded" };
    case "replay":
      return { type: "call_replayed", content: replayContent(decision.output) };
    case "mismatch":
      return { type: "call_conflicted", reason: "key_reused_with_other_arguments" };
    case "conflict":
      return { type: "call_conflicted", reason: "key_in_flight" };
    case "uncertain":
      return {
        type: "tool_uncertain",
        reason: "ledger_uncertain",
        message: "the ledger holds an uncertain outcome for this key",
      };
    default:
      return assertNever(decision);
  }
}

/** How one attempt at a tool call ended. */
export type ExecutionOutcome =
  | { readonly kind: "succeeded"; readonly content: JsonValue; readonly recovered: boolean }
  | { readonly kind: "failed"; readonly message: string }
  | { readonly kind: "transient"; readonly message: string }
  | { readonly kind: "uncertain"; readonly reason: UncertainReason; readonly message: string };

/** Transient failures retry under the same key with doubling backoff, at most `maxRetries` times. */
export function factForOutcome(
  outcome: ExecutionOutcome,
  intent: Intent,
  limits: AgentLimits,
  now: number,
): OutcomeFact {
  switch (outcome.kind) {
    case "succeeded":
      return { type: "tool_succeeded", content: outcome.content, recovered: outcome.recovered };
    case "failed":
      return { type: "tool_errored", message: outcome.message };
    case "transient":
      return intent.attempt < limits.maxRetries
        ? { type: "retry_scheduled", retry_at: now + limits.backoffMs * 2 ** intent.attempt, message: outcome.message }
        : { type: "retries_exhausted", message: `${outcome.message} (after ${limits.maxRetries} retries)` };
    case "uncertain":
      return { type: "tool_uncertain", reason: outcome.reason, message: outcome.message };
    default:
      return assertNever(outcome);
  }
}

/** The explicit, audited reconciliation: only a person confirms an uncertain outcome. */
export type ReconcileInput = {
  readonly outcome: "confirmed";
  readonly operator: string;
  readonly note?: string;
  readonly output?: unknown;
};

export function factForReconcile(state: AgentState, input: ReconcileInput): Fact | { readonly error: string } {
  if (state.status !== "reconcile_required") return { error: `nothing to reconcile in status ${state.status}` };
  if (input.outcome !== "confirmed") return { error: `unknown reconcile outcome ${String(input.outcome)}` };
  if (input.operator.trim() === "") return { error: "a reconcile needs a named operator" };
  // The operator is named in the trace and every checkpoint after: a name holding a secret is refused.
  if (isSensitiveIdentifier(input.operator))
    return { error: `${SENSITIVE_IDENTIFIER}: the operator's name carries credentials or contact data` };
  return { type: "tool_reconciled", operator: input.operator, note: redactText(input.note ?? "") };
}
