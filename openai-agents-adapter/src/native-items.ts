/**
 * The native engine's SDK objects and its reading of the SDK's items: a harness tool as the docs
 * define one (the guardrail a tool that may never run carries), an interruption's call read back, one
 * answer applied to the RunState by call id, and the SDK's results read into the view. No contract
 * rule decides here: the risk table is read once, to configure each tool.
 */
import {
  defineToolInputGuardrail,
  tool,
  ToolGuardrailFunctionOutputFactory,
  type Agent,
  type FunctionTool,
  type RunState,
} from "@openai/agents";
import {
  decidePolicy,
  grantDispatch,
  isProcessCrash,
  type AnyToolSpec,
  type ToolMessage,
} from "../../contract/index.js";
import { toolMessage, type Decision, type NativeSession, type Waiting } from "../../runtime/index.js";

/** The SDK's default: a tool's error goes back to the model as text. A process that died stays dead. */
const toolError = (_context: unknown, error: unknown): string => {
  if (isProcessCrash(error) || (error instanceof Error && error.name === "WorkBudgetExceeded")) throw error;
  return "An error occurred while running the tool. Please try again.";
};

/** A harness tool as the SDK's docs define one; `ran` collects the call ids whose executor ran. */
export function nativeTool(spec: AnyToolSpec, ran: Set<string>): FunctionTool<unknown, never> {
  const policy = decidePolicy(spec.risk).kind;
  return tool({
    name: spec.name,
    description: spec.description,
    parameters: spec.input,
    // The docs' way: a tool that changes the world for good asks a person first; one that may never run is refused.
    needsApproval: policy === "require_approval",
    inputGuardrails: policy === "deny" ? [NEVER_RUN] : [],
    timeoutMs: spec.timeoutMs,
    errorFunction: toolError,
    async execute(args, _context, details) {
      const callId = details?.toolCall?.callId;
      if (callId === undefined) throw new Error(`the SDK invoked ${spec.name} without its call`);
      // The SDK has no idempotency key: the call id the model minted is all there is to pass. The
      // grant hands the executor over as the SDK's user would, with no contract decision.
      const output = await spec.execute(
        args,
        grantDispatch({ idempotencyKey: callId, signal: details?.signal ?? new AbortController().signal }),
      );
      ran.add(callId);
      return JSON.stringify(output ?? null);
    },
  }) as never;
}

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
