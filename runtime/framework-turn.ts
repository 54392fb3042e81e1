/**
 * What the hardened shell shows the SDK of the contract's current turn: the calls to hand it as
 * function calls, whether one waits for a person, and the answer the contract gave it. Reads only;
 * every decision was made by the contract when the driver applied its facts.
 */
import {
  lastMessage,
  messagesOf,
  type AgentState,
  type Batch,
  type JsonValue,
  type ToolMessage,
} from "../contract/index.js";

/** One call as the SDK sees it. */
export type ShownCall = { readonly callId: string; readonly name: string; readonly args: JsonValue };

/**
 * The SDK refuses a call id it has seen before, and a script may reuse a batch's call ids (or an
 * idempotency key) from turn to turn: the id it sees is the planner step, plus the batch's call id.
 */
export const sdkIdOf = (state: AgentState, call_id: string | null): string => sdkId(state, call_id);
const sdkId = (state: AgentState, call_id: string | null) =>
  call_id === null ? `step-${state.step}` : `step-${state.step}:${call_id}`;
/** The batch call id inside an SDK call id, or null for the turn's single call. */
const batchIdOf = (callId: string): string | null => {
  const at = callId.indexOf(":");
  return at < 0 ? null : callId.slice(at + 1);
};

const batchOf = (state: AgentState): Batch | undefined =>
  state.status === "batch" || state.status === "approval_required" || state.status === "reconcile_required"
    ? state.batch
    : undefined;

/** The calls of the turn in flight (none when the run waits for the planner or has ended). */
export function callsOfTurn(state: AgentState): readonly ShownCall[] {
  // An uncertain outcome waits for a person's reconcile, not for the SDK.
  if (state.status === "reconcile_required") return [];
  const batch = batchOf(state);
  if (batch !== undefined)
    return batch.calls.flatMap((c) =>
      c.call === null ? [] : [{ callId: sdkId(state, c.call_id), name: c.call.tool, args: c.call.args as JsonValue }],
    );
  switch (state.status) {
    case "validated":
    case "authorized":
    case "approval_required":
      return [{ callId: sdkId(state, null), name: state.call.tool, args: state.call.args as JsonValue }];
    case "executing":
      return [{ callId: sdkId(state, null), name: state.intent.tool, args: state.intent.args as JsonValue }];
    default:
      return [];
  }
}

/** Whether the contract holds this call for a person's approval. */
export function awaitsApproval(state: AgentState, callId: string): boolean {
  const batch = batchOf(state);
  if (batch === undefined) return state.status === "approval_required" && sdkId(state, null) === callId;
  return batch.calls.some((c) => sdkId(state, c.call_id) === callId && c.phase.kind === "awaiting_approval");
}

/** Whether the call is one of a multi-call turn (its answer carries its call id). */
export const inBatch = (state: AgentState, callId: string): boolean =>
  batchOf(state)?.calls.some((c) => sdkId(state, c.call_id) === callId) ?? false;

/** The contract's answer to a call, once it has one. */
export function answerTo(state: AgentState, callId: string, batched: boolean): ToolMessage | undefined {
  const call_id = batchIdOf(callId);
  const settled = batchOf(state)?.calls.find((c) => c.call_id === call_id)?.phase;
  if (settled?.kind === "settled") return settled.message;
  if (batched)
    return messagesOf(state)
      .filter((m): m is ToolMessage => m.role === "tool" && m.call_id === call_id)
      .at(-1);
  // A single call's answer follows the planner's message it answers; nothing else comes between.
  const last = lastMessage(state);
  return last?.role === "tool" ? last : undefined;
}
