/**
 * The answer of a call, read off the state its request left: the tool message the engine wrote
 * (its status, and the code and words `contract/call-facts.ts` gave it), the call still waiting,
 * or how the session stopped. The same words reach a host on stdio, over HTTP and in the page.
 */
import { z } from "zod";
import {
  assertNever,
  HarnessError,
  REJECTION_CODES,
  type AgentState,
  type Fact,
  type ToolMessage,
  type TraceEvent,
  lastMessage,
} from "../contract/index.js";
import { stoppedAnswer, type CallAnswer, type HeadOf } from "./call-answer.js";

export {
  forbiddenAnswer,
  busyAnswer,
  isErrorAnswer,
  stoppedAnswer,
  storeErrorAnswer,
  tamperedAnswer,
  toCallToolResult,
} from "./call-answer.js";
export type { CallAnswer, CallAnswerStatus } from "./call-answer.js";

/**
 * The answer of a call, read off the state the request left: the tool message the engine wrote
 * (its status, and the code and words `call-facts.ts` gave it), the call still waiting, or how
 * the session stopped. Only what the state does not hold comes from the facts this request
 * applied: why a token was refused, and why an outcome is uncertain.
 */
export function answerFor(
  facts: readonly Fact[],
  events: readonly TraceEvent[],
  state: AgentState | null,
  head: HeadOf,
): CallAnswer {
  if (state === null) throw new HarnessError("invalid_transition", "a tools/call left no session");
  switch (state.status) {
    case "ready": {
      const message = lastMessage(state);
      if (message?.role !== "tool") throw new HarnessError("invalid_transition", "a tools/call left no tool message");
      return messageAnswer(message, head);
    }
    case "approval_required": {
      const decided = lastOf(facts, events, "approval_requested", "approval_refused")?.fact;
      const pending = state.pending_approval;
      if (decided?.type === "approval_refused")
        return { ...head, status: "approval_refused", ...decided.failure, pending };
      return { ...head, status: "approval_required", code: "approval_required", pending };
    }
    case "reconcile_required": {
      const uncertain = lastOf(facts, events, "tool_uncertain")?.fact;
      if (uncertain?.type !== "tool_uncertain") return stopped(state, head);
      const { reason: code, message } = uncertain;
      return { ...head, idempotency_key: state.intent.key, status: "uncertain", code, message };
    }
    case "failed": {
      const exhausted = lastOf(facts, events, "retries_exhausted");
      if (state.failure.code !== "retries_exhausted" || exhausted === null) return stopped(state, head);
      const idempotency_key = exhausted.event?.idempotency_key ?? "";
      return { ...head, idempotency_key, status: "failed", code: "retries_exhausted", message: state.failure.message };
    }
    case "done":
    case "step_limit":
      return stopped(state, head);
    case "planned":
    case "validated":
    case "authorized":
    case "executing":
    case "batch":
      throw new HarnessError("invalid_transition", `a tools/call stopped mid-turn, in status ${state.status}`);
    default:
      return assertNever(state);
  }
}

/** The last of these facts this request applied, with its trace event. */
function lastOf(facts: readonly Fact[], events: readonly TraceEvent[], ...types: Fact["type"][]) {
  for (let i = facts.length - 1; i >= 0; i--)
    if (types.includes(facts[i]!.type)) return { fact: facts[i]!, event: events[i] };
  return null;
}

/** A session that has ended, or waits for a reconcile this request did not cause, answers why it stopped. */
function stopped(state: AgentState, head: HeadOf): CallAnswer {
  const answer = stoppedAnswer(state, head);
  if (answer === null) throw new HarnessError("invalid_transition", `session ${state.status} has not stopped`);
  return answer;
}

const worded = <C extends z.ZodType<string>>(code: C) => z.object({ code, message: z.string() });
const REJECTED = worded(z.enum(REJECTION_CODES)).extend({
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
const DENIED = worded(z.literal("always_deny"));
const DECLINED = worded(z.literal("approval_declined"));
const CONFLICT = worded(z.enum(["key_in_flight", "key_reused_with_other_arguments"]));
const ERRORED = worded(z.literal("tool_error"));

/** A tool message as an answer: its status, and the content the contract wrote (parsed, never reworded). */
function messageAnswer(message: ToolMessage, head: HeadOf): CallAnswer {
  switch (message.status) {
    case "ok":
      return { ...keyed(message, head), status: "ok", output: message.content };
    case "replayed":
      return { ...keyed(message, head), status: "replayed", output: message.content };
    case "rejected":
      return { ...head, status: "rejected", ...words(message, REJECTED) };
    case "denied":
      return { ...head, status: "denied", ...words(message, DENIED) };
    case "declined":
      return { ...keyed(message, head), status: "declined", ...words(message, DECLINED) };
    case "conflict":
      return { ...keyed(message, head), status: "conflict", ...words(message, CONFLICT) };
    case "error":
      return { ...keyed(message, head), status: "error", ...words(message, ERRORED) };
    case "reconciled":
      // Reconciling is a person's act on an engine; no tools/call ends with it.
      throw new HarnessError("invalid_transition", "a tools/call ended with a reconciled message");
    default:
      return assertNever(message.status);
  }
}

/** The content the contract wrote for a message, parsed as the words of its status. */
function words<T>(message: ToolMessage, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(message.content);
  if (!parsed.success)
    throw new HarnessError("invalid_transition", `a ${message.status} message the contract did not word`);
  return parsed.data;
}

function keyed(message: ToolMessage, head: HeadOf): HeadOf & { readonly idempotency_key: string } {
  if (message.idempotency_key === null)
    throw new HarnessError("invalid_transition", `a ${message.status} message without an idempotency key`);
  return { ...head, idempotency_key: message.idempotency_key };
}
