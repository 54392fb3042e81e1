/**
 * A multi-call turn. Each call of the batch moves on its own through the same call facts as a
 * single call (`applyCallFact`); the turn's status is derived from where its calls stand
 * (`stateForBatch`), and its tool messages reach the model together, in call order, when every
 * call has settled.
 */
import type { PendingApproval } from "./approval.js";
import {
  conflictContent,
  declinedContent,
  deniedContent,
  errorContent,
  reconciledContent,
  rejectedContent,
  toolMessage,
  type CallFact,
} from "./call-facts.js";
import { deriveIdempotencyKey } from "./ids.js";
import { assertNever, HarnessError } from "./result.js";
import { extended } from "./append-list.js";
import type { JsonValue } from "./canonical.js";
import type {
  AgentState,
  AuthorizedCall,
  Batch,
  BatchCall,
  BatchPhase,
  Intent,
  StateOf,
  ToolMessageStatus,
} from "./state.js";
import type { BatchEntry } from "./validation.js";

/** The fields every state shares, as `applyFact` prepares them. */
export type StateFields = Omit<StateOf<"ready">, "status" | "pending_approval">;

/** The batch of a validated turn: keys derived as for a single call, rejected calls settled at once. */
export function startBatch(session_id: string, step: number, entries: readonly BatchEntry[]): Batch {
  return {
    calls: entries.map((entry): BatchCall => {
      if ("rejection" in entry) {
        const message = toolMessage(entry.rejection.tool, "rejected", null, rejectedContent(entry.rejection));
        return { call_id: entry.call_id, call: null, phase: { kind: "settled", message } };
      }
      const { call } = entry;
      const idempotency_key = call.requested_key ?? deriveIdempotencyKey(session_id, step, call.tool, call.args_digest);
      return { call_id: entry.call_id, call: { ...call, idempotency_key }, phase: { kind: "validated" } };
    }),
  };
}

export type CallFactEnv = { readonly step: number; readonly at: number; readonly nonce: (call_id: string) => string };

/** Moves one call of a batch by one call fact. */
export function applyCallFact(entry: BatchCall, fact: CallFact, env: CallFactEnv): BatchCall {
  const call = entry.call;
  if (call === null) throw new HarnessError("invalid_transition", `call ${entry.call_id} was rejected; ${fact.type}`);
  const key = call.idempotency_key;
  const current = entry.phase.kind === "executing" ? entry.phase.intent : intentOf(call, env.step);
  switch (fact.type) {
    case "policy_allowed":
    case "approval_accepted":
      return withPhase(entry, { kind: "authorized" });
    case "approval_requested":
      return withPhase(entry, { kind: "awaiting_approval", nonce: env.nonce(entry.call_id), requested_at: env.at });
    case "policy_denied":
      return settled(entry, call, "denied", null, deniedContent(call.tool, fact.reason));
    case "approval_declined":
      return settled(entry, call, "declined", key, declinedContent());
    case "call_conflicted":
      return settled(entry, call, "conflict", key, conflictContent(fact.reason));
    case "intent_recorded":
      return withPhase(entry, { kind: "executing", intent: current });
    case "call_replayed":
      return settled(entry, call, "replayed", key, fact.content);
    case "tool_uncertain":
      return withPhase(entry, { kind: "uncertain", intent: current });
    case "tool_succeeded":
      return settled(entry, call, "ok", key, fact.content);
    case "tool_errored":
      return settled(entry, call, "error", key, errorContent(fact.message));
    case "retry_scheduled":
      return withPhase(entry, {
        kind: "executing",
        intent: { ...current, attempt: current.attempt + 1, retry_at: fact.retry_at },
      });
    case "retries_exhausted":
      return withPhase(entry, { kind: "exhausted", message: fact.message });
    case "tool_reconciled":
      return settled(entry, call, "reconciled", key, reconciledContent(fact.operator, fact.note));
    default:
      return assertNever(fact);
  }
}

/** The entry in `phase` (module functions, not closures made per call fact: under tsx each closure is also named). */
function withPhase(entry: BatchCall, phase: BatchPhase): BatchCall {
  return { ...entry, phase };
}

/** The entry settled with its tool message. */
function settled(
  entry: BatchCall,
  call: AuthorizedCall,
  status: ToolMessageStatus,
  key: string | null,
  content: JsonValue,
): BatchCall {
  return withPhase(entry, { kind: "settled", message: toolMessage(call.tool, status, key, content) });
}

/** Applies call facts to the calls they name; every named call must exist. */
export function applyToCalls(
  batch: Batch,
  results: readonly { readonly call_id: string; readonly fact: CallFact }[],
  env: CallFactEnv,
): Batch {
  const byId = new Map(results.map((r) => [r.call_id, r.fact] as const));
  for (const id of byId.keys())
    if (!batch.calls.some((c) => c.call_id === id))
      throw new HarnessError("invalid_transition", `no call ${id} in this batch`);
  return { calls: batch.calls.map((c) => (byId.has(c.call_id) ? applyCallFact(c, byId.get(c.call_id)!, env) : c)) };
}

/** The state a batch puts the run in: the first applicable of failed, authorizing, reconcile, dispatched, approval, ready. */
export function stateForBatch(base: StateFields, batch: Batch): AgentState {
  // Where the calls stand, read in one pass: a batch is re-derived at every fact of its turn.
  let exhausted: Extract<BatchPhase, { kind: "exhausted" }> | undefined;
  let uncertain: Extract<BatchPhase, { kind: "uncertain" }> | undefined;
  let awaiting: CallIn<"awaiting_approval"> | undefined;
  let authorizing = false;
  let executing = false;
  for (const c of batch.calls) {
    const { phase } = c;
    switch (phase.kind) {
      case "validated":
      case "authorized":
        authorizing = true;
        break;
      case "executing":
        executing = true;
        break;
      case "exhausted":
        exhausted ??= phase;
        break;
      case "uncertain":
        uncertain ??= phase;
        break;
      case "awaiting_approval":
        if (awaiting === undefined && c.call !== null) awaiting = c as CallIn<"awaiting_approval">;
        break;
      case "settled":
        break;
      default:
        assertNever(phase);
    }
  }
  const pending_approval = awaiting === undefined ? null : pendingOf(awaiting);
  if (exhausted !== undefined)
    return {
      ...base,
      status: "failed",
      failure: { code: "retries_exhausted", message: exhausted.message },
      pending_approval: null,
    };
  if (authorizing) return { ...base, status: "batch", batch, pending_approval };
  if (uncertain !== undefined)
    return { ...base, status: "reconcile_required", intent: uncertain.intent, batch, pending_approval: null };
  if (executing) return { ...base, status: "batch", batch, pending_approval };
  if (awaiting !== undefined)
    return { ...base, status: "approval_required", call: awaiting.call, pending_approval: pendingOf(awaiting), batch };
  const messages = batch.calls.map((c) => {
    if (c.phase.kind !== "settled") throw new HarnessError("invalid_transition", `call ${c.call_id} has not settled`);
    return { ...c.phase.message, call_id: c.call_id };
  });
  return { ...base, status: "ready", messages: extended(base.messages, messages), pending_approval: null };
}

/** A call of a batch in phase `K`: never a rejected one, so it carries its authorized call. */
type CallIn<K extends BatchPhase["kind"]> = BatchCall & {
  call: AuthorizedCall;
  phase: Extract<BatchPhase, { kind: K }>;
};

/** The calls of a batch in a given phase. */
export function callsIn<K extends BatchPhase["kind"]>(batch: Batch, kind: K): CallIn<K>[] {
  return batch.calls.filter((c): c is CallIn<K> => c.phase.kind === kind && c.call !== null);
}

/** The call a pending approval is for. */
export function awaitingCall(batch: Batch, pending: PendingApproval): BatchCall {
  const found = callsIn(batch, "awaiting_approval").find((c) => c.phase.nonce === pending.nonce);
  if (found === undefined)
    throw new HarnessError("invalid_transition", "the pending approval names no call of the batch");
  return found;
}

/** The uncertain call an intent belongs to. */
export function uncertainCall(batch: Batch, intent: Intent): BatchCall {
  const found = callsIn(batch, "uncertain").find((c) => c.phase.intent.key === intent.key);
  if (found === undefined)
    throw new HarnessError("invalid_transition", "the uncertain intent names no call of the batch");
  return found;
}

export function intentOf(call: AuthorizedCall, step: number): Intent {
  const { idempotency_key, tool, risk, args, args_digest } = call;
  return { key: idempotency_key, tool, risk, args, args_digest, step, attempt: 0, retry_at: null };
}

function pendingOf(entry: CallIn<"awaiting_approval">): PendingApproval {
  const { tool, args, args_digest, idempotency_key } = entry.call;
  return { tool, args, args_digest, idempotency_key, nonce: entry.phase.nonce, requested_at: entry.phase.requested_at };
}
