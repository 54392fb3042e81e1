/**
 * What a native engine shows the harness: the framework's run, read back as the contract's state shape
 * so the columns can observe it. Only a reading: no contract rule decides anything here. The SDK
 * keeps no idempotency key, no risk class and no audit trace, so the view has none of them.
 */
import {
  digest,
  sealState,
  STATE_VERSION,
  type AgentState,
  type Batch,
  type BatchCall,
  type JsonValue,
  type Message,
  type ToolMessage,
} from "../contract/index.js";

/** One function call of a model turn, under the SDK's call id. */
export type ShownCall = {
  readonly callId: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
};
/** One model turn: the planner's text and the SDK function calls it became. */
export type Turn = { readonly raw: string; readonly calls: readonly ShownCall[] };
/** A call an interruption waits on (the SDK's ToolApprovalItem, read back). */
export type Waiting = ShownCall;
/** A person's answer to one interruption, by the SDK's call id. */
export type Decision = "approve" | "reject";

export type NativeSession = {
  goal: string;
  started_at: number;
  updated_at: number;
  /** Model turns taken since the run (re)started from its goal. */
  turns: Turn[];
  results: Map<string, ToolMessage>;
  phase: "running" | "waiting" | "done" | "step_limit";
  final: string;
  /** Every interruption of the last run, in the SDK's order: each is decided on its own. */
  waiting: readonly Waiting[];
  /** The answers given so far to `waiting`, by call id; the run resumes once every one has its answer. */
  decided: Map<string, Decision>;
  /** Every call id minted in this conversation (`callIdMinter`): a real model never repeats one. */
  minted: string[];
  /**
   * What the framework handed back to continue from at the last interruption: the OpenAI SDK's serialized
   * RunState (with the answers given so far), LangGraph's checkpoint id of a LangChain thread, Mastra's runId
   * (its snapshot is in Mastra's storage).
   */
  resume: string | null;
  /** The last interruption as it was, for a restore from an older copy. */
  interruption: {
    readonly turns: Turn[];
    readonly results: Map<string, ToolMessage>;
    readonly waiting: readonly Waiting[];
    readonly resume: string | null;
  } | null;
};

/** The interruption a person is shown now: the first one still without an answer. */
export const shownInterruption = (s: NativeSession): Waiting | undefined =>
  s.waiting.find((w) => !s.decided.has(w.callId));

const parseOutput = (output: string): JsonValue => {
  try {
    return JSON.parse(output) as JsonValue;
  } catch {
    return output;
  }
};

/** A tool message for an SDK function_call_result. */
export function toolMessage(tool: string, output: string, status: ToolMessage["status"], callId: string): ToolMessage {
  return { role: "tool", tool, status, idempotency_key: null, content: parseOutput(output), call_id: callId };
}

export function viewOf(session_id: string, s: NativeSession): AgentState {
  const messages: Message[] = [{ role: "user", content: s.goal }];
  for (const turn of s.turns) {
    messages.push({ role: "assistant", content: turn.raw });
    for (const { callId } of turn.calls) {
      const result = s.results.get(callId);
      if (result !== undefined) messages.push(result);
    }
  }
  const seq = messages.length;
  const base = {
    v: STATE_VERSION,
    session_id,
    event_id: `${session_id}:${String(seq).padStart(4, "0")}`,
    seq,
    step: s.turns.length,
    messages,
    used_approvals: [],
    started_at: s.started_at,
    updated_at: s.updated_at,
    checkpoint_hash: "",
  } as const;
  switch (s.phase) {
    case "done":
      return sealState({ ...base, status: "done", final: s.final, pending_approval: null });
    case "step_limit":
      return sealState({ ...base, status: "step_limit", pending_approval: null });
    case "running":
      return sealState({ ...base, status: "ready", pending_approval: null });
    case "waiting": {
      const w = shownInterruption(s) ?? { callId: "", tool: "", args: {} };
      const call = authorized(w);
      const pending_approval = { ...pendingOf(w), requested_at: s.updated_at };
      const batch = batchOf(s);
      return sealState({ ...base, status: "approval_required", call, pending_approval, ...(batch ? { batch } : {}) });
    }
  }
}

const authorized = (w: Waiting) =>
  ({
    tool: w.tool,
    risk: "high_risk",
    args: w.args,
    args_digest: digest(w.args),
    requested_key: null,
    idempotency_key: w.callId,
  }) as const;
const pendingOf = (w: Waiting) => ({
  tool: w.tool,
  args: w.args,
  args_digest: digest(w.args),
  idempotency_key: w.callId,
  nonce: w.callId,
});

/** A turn of several calls, read as the contract's batch: answered, waiting on a person, answered by one, or not run. */
function batchOf(s: NativeSession): Batch | undefined {
  const turn = s.turns.at(-1);
  if (turn === undefined || turn.calls.length < 2) return undefined;
  return {
    calls: turn.calls.map((c): BatchCall => {
      const message = s.results.get(c.callId);
      if (message !== undefined) return { call_id: c.callId, call: null, phase: { kind: "settled", message } };
      if (!s.waiting.some((w) => w.callId === c.callId))
        return { call_id: c.callId, call: null, phase: { kind: "validated" } };
      const phase = s.decided.has(c.callId)
        ? ({ kind: "authorized" } as const)
        : ({ kind: "awaiting_approval", nonce: c.callId, requested_at: s.updated_at } as const);
      return { call_id: c.callId, call: authorized(c), phase };
    }),
  };
}
