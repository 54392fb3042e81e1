/**
 * The native engine's Mastra objects and its reading of Mastra's messages: a harness tool as the
 * docs define one (`createTool` with the tool's zod inputSchema, `requireApproval: true` where a
 * person must decide), the scripted planner's text as a model turn with call ids a model would
 * mint, and the tool results of a prompt read into the view. No contract rule decides here: the
 * risk table is read once, to configure each tool.
 */
import { createTool } from "@mastra/core/tools";
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import {
  decidePolicy,
  grantDispatch,
  isProcessCrash,
  type AnyToolSpec,
  type Clock,
  type ToolMessage,
} from "../../contract/index.js";
import { text, toolCall, type TurnContent } from "./model.js";
import { toolMessage, type NativeSession } from "../../runtime/index.js";

/** What a native run observes of its tools: the calls whose executor ran, and a process death inside one. */
export type ToolRun = {
  readonly ran: Set<string>;
  died: { readonly error: unknown } | null;
  readonly stop: () => void;
};

/** A harness tool as Mastra's docs define one. */
export function nativeTool(spec: AnyToolSpec, clock: Clock, run: ToolRun) {
  const policy = decidePolicy(spec.risk).kind;
  return createTool({
    id: spec.name,
    description: spec.description,
    inputSchema: spec.input,
    // The docs' way: a tool that changes the world for good, or may never run, suspends for a decision first.
    requireApproval: policy === "require_approval" || policy === "deny",
    async execute(input: unknown, context) {
      const toolCallId = context?.agent?.toolCallId;
      if (toolCallId === undefined) throw new Error(`Mastra ran ${spec.name} outside an agent's call`);
      try {
        const output = await runTeamTool(spec, input, toolCallId, clock);
        run.ran.add(toolCallId);
        return output;
      } catch (error) {
        // Mastra turns a thrown execute into a tool error and goes on: a process that died stays dead.
        if (isProcessCrash(error) || (error instanceof Error && error.name === "WorkBudgetExceeded")) {
          run.died ??= { error };
          run.stop();
        }
        throw error;
      }
    },
  });
}

/**
 * The team's executor as Mastra's user hands it over. Mastra has no idempotency key (its toolCallId is all
 * there is) and no tool timeout: the tool's author bounds its own work, here by the spec's timeout.
 */
export async function runTeamTool(spec: AnyToolSpec, input: unknown, toolCallId: string, clock: Clock) {
  const timer = new AbortController();
  const timeout = clock.sleep(spec.timeoutMs, timer.signal).then(() => {
    throw new Error(`${spec.name} timed out after ${spec.timeoutMs} ms`);
  });
  try {
    return await Promise.race([
      spec.execute(
        input as Record<string, unknown>,
        grantDispatch({ idempotencyKey: toolCallId, signal: timer.signal }),
      ),
      timeout,
    ]);
  } finally {
    timer.abort();
  }
}

type PlannedCall = { readonly id?: unknown; readonly tool?: unknown; readonly arguments?: unknown };

/** The planner's text as a model turn: tool calls under minted ids, or text (a model's prose ends the run). */
export function plannerContent(raw: string, mint: (plannerId: string | undefined) => string): TurnContent {
  let parsed: { type?: unknown; text?: unknown; calls?: unknown } & PlannedCall;
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    return [text(raw)];
  }
  const calls: PlannedCall[] =
    parsed.type === "tool_call"
      ? [parsed]
      : parsed.type === "tool_calls" && Array.isArray(parsed.calls)
        ? (parsed.calls as PlannedCall[])
        : [];
  if (calls.length === 0) return [text(parsed.type === "final" && typeof parsed.text === "string" ? parsed.text : raw)];
  return calls.map((c) =>
    toolCall(mint(typeof c.id === "string" && c.id.length > 0 ? c.id : undefined), String(c.tool ?? ""), c.arguments),
  );
}

/** A session's minting: the planner's own id the first time the conversation sees it, else a fresh `call_…`. */
export function callIdMinter(minted: string[], fresh: (n: number) => string) {
  return (plannerId: string | undefined): string => {
    let id = plannerId !== undefined && !minted.includes(plannerId) ? plannerId : `call_${fresh(minted.length)}`;
    for (let n = minted.length + 1; minted.includes(id); n++) id = `call_${fresh(n)}`;
    minted.push(id);
    return id;
  };
}

const STATUS_OF_OUTPUT: Readonly<Record<string, ToolMessage["status"]>> = {
  "execution-denied": "declined",
  "error-text": "error",
  "error-json": "error",
};

/** Reads the tool results of Mastra's prompt into the view: the answer to each call, as the model saw it. */
export function record(s: NativeSession, prompt: LanguageModelV3Prompt, ran: ReadonlySet<string>): void {
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const output = part.output as { type: string; value?: unknown; reason?: unknown };
      // A call the app declined is answered by Mastra with the decline's reason: the model was told it was declined.
      const status = ran.has(part.toolCallId)
        ? "ok"
        : s.decided.get(part.toolCallId) === "reject"
          ? "declined"
          : (STATUS_OF_OUTPUT[output.type] ?? "error");
      const content = JSON.stringify(output.value ?? output.reason ?? null);
      s.results.set(part.toolCallId, toolMessage(part.toolName, content, status, part.toolCallId));
    }
  }
}

/** A tool call's input text as the arguments object it names ({} when it names none). */
export const parseArgs = (input: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(input);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};
