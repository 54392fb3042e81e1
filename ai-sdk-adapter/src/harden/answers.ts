/**
 * The contract's words beside the SDK's tool results. The SDK's output of a call has a type (json,
 * error-text, execution-denied) but no contract status: a ledger replay, a key conflict or a refused
 * input all read as `json`, and its own input validation failure as `error-text` carrying zod's message.
 * The layer keeps, with the history the app stores, the contract's status and content for such a
 * result: what guarded_execute and redaction decided as they answered, and for a call the SDK's
 * validation refused, the contract's rejection from `validatePlannerOutput` (its one validator, whose
 * `invalid_arguments` names the issue paths).
 */
import type { ModelMessage } from "ai";
import {
  rejectedContent,
  validatePlannerOutput,
  type Rejection,
  type ToolMessageStatus,
} from "../../../contract/index.js";
import type { JsonValue } from "../../../contract/index.js";
import type { ContractAnswer, NativeSession } from "../projection.js";
import type { LayerDeps } from "./pieces.js";

/** Records the contract's answer to one call as a layer piece gives it. */
export type Word = (session_id: string, toolCallId: string, status: ToolMessageStatus, content: JsonValue) => JsonValue;

type Result = { readonly toolCallId: string; readonly ordinal: number; readonly errorText: boolean };

const resultsOf = (messages: readonly ModelMessage[]): Result[] =>
  messages
    .flatMap((m) => (m.role === "tool" ? m.content : []))
    .filter((p) => p.type === "tool-result")
    .map((p, ordinal) => ({ toolCallId: p.toolCallId, ordinal, errorText: p.output.type === "error-text" }));

const inputOf = (messages: readonly ModelMessage[], toolCallId: string) => {
  for (const m of [...messages].reverse())
    if (m.role === "assistant" && typeof m.content !== "string")
      for (const p of m.content) if (p.type === "tool-call" && p.toolCallId === toolCallId) return p;
  return undefined;
};

export function contractAnswers(
  deps: Pick<LayerDeps, "registry">,
  /** A turn the layer refused whole (planner-output.ts): the contract's rejection for the call it became. */
  refusedTurn: (toolCallId: string) => Rejection | undefined,
) {
  // Answers given during a run, not yet placed in a stored history: session → call id → answer.
  const pending = new Map<string, Map<string, ContractAnswer | null>>();
  // Answers placed in a history the layer saved mid-run (a turn checkpoint): the run's last save, built on the
  // history it started from, gets them again. Each holds only while its place has the same call.
  const placed = new Map<
    string,
    Map<number, { readonly toolCallId: string; readonly answer: ContractAnswer | null }>
  >();

  const record = (session_id: string, toolCallId: string, answer: ContractAnswer | null) => {
    const calls = pending.get(session_id) ?? new Map<string, ContractAnswer | null>();
    calls.set(toolCallId, answer);
    pending.set(session_id, calls);
  };
  const word: Word = (session_id, toolCallId, status, content) => {
    record(session_id, toolCallId, { status, content });
    return content;
  };
  /** A result the contract writes no message of its own for: a sibling's message answers the turn. */
  const fold = (session_id: string, toolCallId: string, content: JsonValue): JsonValue => {
    record(session_id, toolCallId, null);
    return content;
  };

  /** The contract's rejection of a call the SDK's validation refused (null: the call is valid, the error is the tool's). */
  const rejectionOf = (messages: readonly ModelMessage[], toolCallId: string): ContractAnswer | null => {
    const turn = refusedTurn(toolCallId);
    if (turn !== undefined) return { status: "rejected", content: rejectedContent(turn) };
    const call = inputOf(messages, toolCallId);
    if (call === undefined) return null;
    const raw = JSON.stringify({ type: "tool_call", tool: call.toolName, arguments: call.input });
    const checked = validatePlannerOutput(deps.registry, raw);
    return checked.ok ? null : { status: "rejected", content: rejectedContent(checked.error) };
  };

  /** The session with the contract's words for its results: each pending answer goes to its call's latest result. */
  const worded = (session: NativeSession): NativeSession => {
    const answers: Record<number, ContractAnswer | null> = { ...session.answers };
    const calls = pending.get(session.session_id);
    const results = resultsOf(session.messages);
    const places = placed.get(session.session_id) ?? new Map();
    placed.set(session.session_id, places);
    for (const [ordinal, earlier] of places)
      if (answers[ordinal] === undefined && results[ordinal]?.toolCallId === earlier.toolCallId)
        answers[ordinal] = earlier.answer;
    for (const result of [...results].reverse()) {
      if (answers[result.ordinal] !== undefined) continue;
      const answer = calls?.get(result.toolCallId);
      if (calls?.has(result.toolCallId) === true && answer !== undefined) {
        answers[result.ordinal] = answer;
        places.set(result.ordinal, { toolCallId: result.toolCallId, answer });
        calls?.delete(result.toolCallId);
      }
    }
    for (const result of results)
      if (answers[result.ordinal] === undefined && result.errorText) {
        const rejection = rejectionOf(session.messages, result.toolCallId);
        if (rejection !== null) answers[result.ordinal] = rejection;
      }
    return Object.keys(answers).length === 0 ? session : { ...session, answers };
  };

  return { word, fold, worded };
}
