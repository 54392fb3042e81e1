/**
 * The native engine's reading of the SDK's items, and the few SDK objects it hands over: the guardrail
 * a tool that may never run carries, an interruption's call read back, one answer applied to the
 * RunState by call id, and the SDK's results read into the view. No contract rule decides here.
 */
import {
  defineToolInputGuardrail,
  ToolGuardrailFunctionOutputFactory,
  type Agent,
  type RunState,
} from "@openai/agents";
import type { ToolMessage } from "../../contract/index.js";
import { toolMessage, type Decision, type NativeSession, type Waiting } from "./native-view.js";

/** A tool the risk table says may never run: the SDK rejects its input before execute, and the model is told. */
export const NEVER_RUN = defineToolInputGuardrail({
  name: "never_run",
  run: async () => ToolGuardrailFunctionOutputFactory.rejectContent("This tool is not allowed to run."),
});

export const shown = (item: { callId: string; name: string; arguments: string }): Waiting => ({
  callId: item.callId,
  tool: item.name,
  args: parseArgs(item.arguments),
});
const parseArgs = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

/** Applies one answer to the SDK's interruption with that call id; there must be exactly that one. */
export function answer(state: RunState<unknown, Agent>, callId: string, decision: Decision): void {
  const item = state.getInterruptions().find((i) => i.rawItem.type === "function_call" && i.rawItem.callId === callId);
  if (item === undefined) throw new Error(`the RunState holds no interruption for call ${callId}`);
  if (decision === "approve") state.approve(item);
  else state.reject(item);
}

/** Reads the SDK's items into the view: the answer to each call, as the model saw it. */
export function record(s: NativeSession, items: unknown, ran: ReadonlySet<string>): void {
  if (!Array.isArray(items)) return;
  const names = new Map<string, string>();
  for (const item of items as { type?: string; callId?: string; name?: string; output?: unknown }[]) {
    if (item.type === "function_call" && item.callId !== undefined) names.set(item.callId, item.name ?? "");
    if (item.type !== "function_call_result" || item.callId === undefined) continue;
    const output = outputText(item.output);
    const status: ToolMessage["status"] =
      ran.has(item.callId) || s.results.get(item.callId)?.status === "ok" ? "ok" : "error";
    s.results.set(item.callId, toolMessage(item.name ?? names.get(item.callId) ?? "", output, status, item.callId));
  }
}

const outputText = (output: unknown): string => {
  if (typeof output === "string") return output;
  const text = (output as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : JSON.stringify(output ?? null);
};
