/**
 * How the layer names the contract's calls to Mastra, and reads back what the contract decided
 * about them. A call's toolCallId carries where the contract's conversation stood when the call was
 * planned (and its batch call id), so its answer is found again in any process. Nothing here
 * decides: every answer is read from the contract's state.
 */
import { digest, messagesFrom, type AgentState, type ToolMessage } from "../../../contract/index.js";

export type SurfacedCall = { readonly toolCallId: string; readonly tool: string; readonly args: unknown };

const batchOf = (state: AgentState) =>
  state.status === "batch" || state.status === "approval_required" ? state.batch : undefined;

/** The calls of the turn just planned that the contract accepted for approval or dispatch. */
export function surfacedCalls(state: AgentState): readonly SurfacedCall[] {
  const at = state.messages.length;
  const batch = batchOf(state);
  if (batch !== undefined)
    return batch.calls.flatMap(({ call_id, call, phase }) =>
      call === null || phase.kind === "settled"
        ? []
        : [{ toolCallId: `call-${at}-${call_id}`, tool: call.tool, args: call.args }],
    );
  if (state.status === "authorized" || state.status === "approval_required")
    return [{ toolCallId: `call-${at}`, tool: state.call.tool, args: state.call.args }];
  return [];
}

function parse(toolCallId: string): { readonly at: number; readonly call_id: string | null } | null {
  const match = /^call-(\d+)(?:-(.+))?$/.exec(toolCallId);
  return match === null ? null : { at: Number(match[1]), call_id: match[2] ?? null };
}

/**
 * Whether the contract waits for a person on a call of `tool` with these arguments. Mastra asks a
 * tool's `requireApproval` with the call's input only (no call id), so the call is found by its
 * tool and argument digest.
 */
export function waitsOnCall(state: AgentState, tool: string, args: unknown): boolean {
  const same = (c: { tool: string; args_digest: string }) => c.tool === tool && c.args_digest === digest(args);
  if (state.status !== "approval_required" && state.status !== "batch") return false;
  const batch = batchOf(state);
  if (batch === undefined) return state.status === "approval_required" && same(state.call);
  return batch.calls.some((c) => c.call !== null && c.phase.kind === "awaiting_approval" && same(c.call));
}

/** Whether the contract waits for a person on this very call. */
export function waitsOn(state: AgentState, toolCallId: string): boolean {
  const id = parse(toolCallId);
  if (id === null || (state.status !== "approval_required" && state.status !== "batch")) return false;
  const batch = batchOf(state);
  if (id.call_id === null) return state.status === "approval_required" && batch === undefined;
  return batch?.calls.some((c) => c.call_id === id.call_id && c.phase.kind === "awaiting_approval") ?? false;
}

/** The contract's answer to a call, once it has one. */
export function answerOf(state: AgentState, toolCallId: string): ToolMessage | undefined {
  const id = parse(toolCallId);
  if (id === null) return undefined;
  return messagesFrom(state, id.at).find(
    (m): m is ToolMessage => m.role === "tool" && (id.call_id === null || m.call_id === id.call_id),
  );
}
