/**
 * What `tools/call` answers, as data. Every answer the local engine would give becomes a result
 * whose `structuredContent` is one of these bodies (and whose text block is its JSON); only the
 * `ok` and `replayed` bodies are not errors. Statuses and codes are the local engine's own.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import { outputArtifactUri } from "./resources.js";
import {
  assertNever,
  canonicalJson,
  HarnessError,
  type AgentState,
  type ApprovalFailureCode,
  type Fact,
  type TraceEvent,
  type JsonValue,
  type PendingApproval,
  type RejectionCode,
  type UncertainReason,
  type ValidationIssue,
} from "../contract/index.js";

type Head = { readonly session_id: string; readonly tool: string };
type Keyed = Head & { readonly idempotency_key: string };

export type CallAnswer =
  /** The tool ran; `output` is what the conversation would get (a summary and a reference if large). */
  | (Keyed & { readonly status: "ok"; readonly output: JsonValue })
  /** The key had completed with these arguments: the stored result, no executor call. */
  | (Keyed & { readonly status: "replayed"; readonly output: JsonValue })
  /** Schema first: rejected before policy, with the issues a model needs to rewrite the call. */
  | (Head & {
      readonly status: "rejected";
      readonly code: RejectionCode;
      readonly message: string;
      readonly issues: readonly ValidationIssue[];
    })
  | (Head & { readonly status: "denied"; readonly code: "always_deny"; readonly message: string })
  /** A high-risk call waits for a person; call again with a token for `pending` in `_meta`. */
  | (Head & {
      readonly status: "approval_required";
      readonly code: "approval_required";
      readonly pending: PendingApproval;
    })
  /** The token was refused; `pending` is the call still waiting in this session, if any. */
  | (Head & {
      readonly status: "approval_refused";
      readonly code: ApprovalFailureCode;
      readonly message: string;
      readonly pending: PendingApproval | null;
    })
  /** A person declined the call when the host asked them (elicitation); nothing ran. */
  | (Keyed & { readonly status: "declined"; readonly code: "approval_declined"; readonly message: string })
  /** The session waits for a person to reconcile an uncertain outcome, or has ended: nothing runs in it. */
  | (Head & {
      readonly status: "stopped";
      readonly code: "reconcile_required" | "failed" | "step_limit" | "done" | "checkpoint_tampered";
      readonly message: string;
    })
  | (Keyed & {
      readonly status: "conflict";
      readonly code: "key_in_flight" | "key_reused_with_other_arguments";
      readonly message: string;
    })
  | (Keyed & { readonly status: "error"; readonly code: "tool_error"; readonly message: string })
  | (Keyed & { readonly status: "failed"; readonly code: "retries_exhausted"; readonly message: string })
  /** The side effect may have happened; nothing retries it, and the same key keeps answering this. */
  | (Keyed & { readonly status: "uncertain"; readonly code: UncertainReason; readonly message: string })
  /** The server failed in a way the contract does not name; details go to stderr, not the wire. */
  | (Head & { readonly status: "error"; readonly code: "internal_error"; readonly message: string });

export type CallAnswerStatus = CallAnswer["status"];

/** Only a call that ran, or replayed a completed one, is not an error. */
export function isErrorAnswer(answer: CallAnswer): boolean {
  return answer.status !== "ok" && answer.status !== "replayed";
}

/**
 * The MCP result: the body as `structuredContent`, and its JSON as a text block for older hosts.
 * A large output is already a summary and a reference; the reference also becomes a resource link.
 */
export function toCallToolResult(answer: CallAnswer): CallToolResult {
  const body = JSON.parse(canonicalJson(answer)) as Record<string, unknown>;
  const uri = "output" in answer ? artifactUriOf(answer.output) : null;
  return {
    content: [
      { type: "text", text: canonicalJson(answer) },
      ...(uri === null ? [] : [{ type: "resource_link" as const, uri, name: `output of ${answer.tool}` }]),
    ],
    structuredContent: body,
    isError: isErrorAnswer(answer),
  };
}

function artifactUriOf(output: JsonValue): string | null {
  if (output === null || typeof output !== "object" || Array.isArray(output)) return null;
  const ref = (output as { readonly [key: string]: JsonValue }).artifact;
  return typeof ref === "string" ? outputArtifactUri(ref) : null;
}

type HeadOf = { readonly session_id: string; readonly tool: string };

/** The answer of a call: what its last deciding fact says, read off the facts this request applied. */
export function answerFor(
  facts: readonly Fact[],
  events: readonly TraceEvent[],
  state: AgentState | null,
  head: HeadOf,
): CallAnswer {
  for (let i = facts.length - 1; i >= 0; i--) {
    const answer = answerOf(facts[i]!, { ...head, idempotency_key: events[i]?.idempotency_key ?? "" }, state);
    if (answer !== null) return answer;
  }
  throw new HarnessError("invalid_transition", "a tools/call applied no deciding fact");
}

function answerOf(fact: Fact, keyed: HeadOf & { readonly idempotency_key: string }, state: AgentState | null) {
  const { idempotency_key: _, ...head } = keyed;
  const pending = state?.status === "approval_required" ? state.pending_approval : null;
  switch (fact.type) {
    case "call_rejected": {
      const { code, message, issues } = fact.rejection;
      return { ...head, status: "rejected", code, message, issues } as const;
    }
    case "policy_denied":
      return { ...head, status: "denied", code: "always_deny", message: `${keyed.tool} is never executed` } as const;
    case "approval_requested":
      if (pending === null) return null;
      return { ...head, status: "approval_required", code: "approval_required", pending } as const;
    case "approval_refused":
      return { ...head, status: "approval_refused", ...fact.failure, pending } as const;
    case "approval_declined":
      // A decline that another call followed is not this call's answer.
      return state?.status === "ready" && pending === null
        ? ({ ...keyed, status: "declined", code: "approval_declined", message: "a person declined this call" } as const)
        : null;
    case "call_replayed":
      return { ...keyed, status: "replayed", output: fact.content } as const;
    case "call_conflicted":
      return {
        ...keyed,
        status: "conflict",
        code: fact.reason,
        message: "the idempotency key cannot run this call",
      } as const;
    case "tool_succeeded":
      return { ...keyed, status: "ok", output: fact.content } as const;
    case "tool_errored":
      return { ...keyed, status: "error", code: "tool_error", message: fact.message } as const;
    case "retries_exhausted":
      return { ...keyed, status: "failed", code: "retries_exhausted", message: fact.message } as const;
    case "tool_uncertain":
      return { ...keyed, status: "uncertain", code: fact.reason, message: fact.message } as const;
    case "planner_responded":
    case "step_limit_reached":
    case "time_limit_reached":
    case "run_completed":
    case "call_validated":
    case "policy_allowed":
    case "approval_accepted":
    case "intent_recorded":
    case "retry_scheduled":
    case "tool_reconciled":
    case "messages_trimmed":
    // One tools/call is one call: a batch (several calls in one planner turn) never starts over MCP.
    case "batch_validated":
    case "batch_policy_decided":
    case "batch_intents_recorded":
    case "batch_calls_settled":
      return null;
    default:
      return assertNever(fact);
  }
}

/** The answer of a call to a session whose stored checkpoint fails its seal: nothing runs in it. */
export function tamperedAnswer(head: HeadOf, message: string): CallAnswer {
  return { ...head, status: "stopped", code: "checkpoint_tampered", message };
}

/** The answer of a call to a session that cannot take one, or null when it can. */
export function stoppedAnswer(state: AgentState | null, head: HeadOf): CallAnswer | null {
  switch (state?.status) {
    case "reconcile_required":
      return {
        ...head,
        status: "stopped",
        code: state.status,
        message: "an uncertain outcome waits for a person to reconcile it",
      };
    case "failed":
    case "step_limit":
    case "done":
      return { ...head, status: "stopped", code: state.status, message: `the session has ended (${state.status})` };
    case undefined:
    case "ready":
    case "planned":
    case "validated":
    case "approval_required":
    case "batch":
    case "authorized":
    case "executing":
      return null;
    default:
      return assertNever(state);
  }
}
