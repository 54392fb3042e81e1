/**
 * What the native engine shows the harness: the SDK's run, read back as the contract's state shape
 * so the columns can observe it. Only a reading: no contract rule decides anything here. The SDK
 * keeps no idempotency key, no risk class and no audit trace, so the view has none of them.
 */
import {
  digest,
  sealState,
  STATE_VERSION,
  type AgentState,
  type JsonValue,
  type Message,
  type ToolMessage,
} from "../../contract/index.js";

/** One model turn: the planner's text and the SDK call ids it became. */
export type Turn = { readonly raw: string; readonly callIds: readonly string[] };
/** The call an interruption waits on. */
export type Waiting = {
  readonly callId: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
};

export type NativeSession = {
  goal: string;
  started_at: number;
  updated_at: number;
  /** Model turns taken since the run (re)started from its goal. */
  turns: Turn[];
  results: Map<string, ToolMessage>;
  phase: "running" | "waiting" | "done" | "step_limit";
  final: string;
  waiting: Waiting | null;
  /** The serialized RunState the SDK handed back at the last interruption (what its docs say to store). */
  runState: string | null;
  /** The last interruption as it was, for a restore from an older copy. */
  interruption: {
    readonly turns: Turn[];
    readonly results: Map<string, ToolMessage>;
    readonly waiting: Waiting;
    readonly runState: string;
  } | null;
};

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
    for (const id of turn.callIds) {
      const result = s.results.get(id);
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
      const w = s.waiting ?? { callId: "", tool: "", args: {} };
      const args_digest = digest(w.args);
      const call = {
        tool: w.tool,
        risk: "high_risk",
        args: w.args,
        args_digest,
        requested_key: null,
        idempotency_key: w.callId,
      } as const;
      const pending_approval = {
        tool: w.tool,
        args: w.args,
        args_digest,
        idempotency_key: w.callId,
        nonce: w.callId,
        requested_at: s.updated_at,
      };
      return sealState({ ...base, status: "approval_required", call, pending_approval });
    }
  }
}
