/**
 * The native engine's LangChain objects: a harness tool as the docs define one (`tool` with its zod
 * schema), and one middleware (`createMiddleware` with `wrapToolCall`, docs.langchain.com/oss/javascript/
 * langchain/middleware/custom) that refuses a tool that may never run before its handler, so the
 * tool stays offered and the model is told. No contract rule decides here: the risk table is read once.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { ToolMessage } from "@langchain/core/messages";
import { createMiddleware } from "langchain";
import { decidePolicy, grantDispatch, isProcessCrash, type AnyToolSpec } from "../../contract/index.js";

/** A harness tool as LangChain's docs define one; `ran` collects the call ids whose executor ran. */
export function nativeTool(spec: AnyToolSpec, ran: Set<string>): StructuredToolInterface {
  return tool(
    async (args: unknown, config: { toolCall?: { id?: string }; signal?: AbortSignal }) => {
      const callId = config.toolCall?.id;
      if (callId === undefined) throw new Error(`LangChain invoked ${spec.name} without its call`);
      const output = await runTeamTool(spec, args, callId, config.signal);
      ran.add(callId);
      return output;
    },
    { name: spec.name, description: spec.description, schema: spec.input as never },
  ) as unknown as StructuredToolInterface;
}

/**
 * The team's executor as it stands. LangChain has no idempotency key: the call id the model minted is
 * all there is to pass. It has no tool timeout either: the tool's author bounds its own work, here by the
 * spec's timeout on real time (a timer of its own: AbortSignal.timeout's does not keep the process alive).
 */
export async function runTeamTool(spec: AnyToolSpec, args: unknown, callId: string, outer?: AbortSignal) {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), spec.timeoutMs);
  const signal = outer === undefined ? timeout.signal : AbortSignal.any([outer, timeout.signal]);
  const output = await spec
    .execute(args as never, grantDispatch({ idempotencyKey: callId, signal }))
    .finally(() => clearTimeout(timer));
  return JSON.stringify(output ?? null);
}

/** The tools the risk table says need a person: `humanInTheLoopMiddleware`'s `interruptOn`. */
export const interruptOnOf = (specs: readonly AnyToolSpec[]) =>
  Object.fromEntries(
    specs
      .filter((s) => decidePolicy(s.risk).kind === "require_approval")
      .map((s) => [s.name, { allowedDecisions: ["approve", "reject"] as ("approve" | "reject")[] }]),
  );

const refusal = (name: string, id: string, content: string) =>
  new ToolMessage({ content, name, tool_call_id: id, status: "error" });

/**
 * A tool that may never run is refused before its handler; any other tool error goes back to the
 * model as text, as ToolNode's default does. A process that died stays dead.
 */
export const toolGuard = (specs: readonly AnyToolSpec[]) => {
  const denied = new Set(specs.filter((s) => decidePolicy(s.risk).kind === "deny").map((s) => s.name));
  return createMiddleware({
    name: "NeverRunMiddleware",
    wrapToolCall: async (request, handler) => {
      const { name, id } = request.toolCall;
      if (denied.has(name)) return refusal(name, id ?? "", "This tool is not allowed to run.");
      try {
        return await handler(request);
      } catch (error) {
        if (isProcessCrash(error) || (error instanceof Error && error.name === "WorkBudgetExceeded")) throw error;
        if (error instanceof Error && error.name === "ToolInvocationError") throw error;
        return refusal(name, id ?? "", `${String(error)}\n Please fix your mistakes.`);
      }
    },
  });
};

/** LangGraph gathers the errors of a superstep's parallel tools: a process death among them reaches the caller as itself. */
export const firstOf = (error: unknown): unknown => {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.length > 0 ? (errors.find(isProcessCrash) ?? errors[0]) : error;
};
