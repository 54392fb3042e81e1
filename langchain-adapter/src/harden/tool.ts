/**
 * A team's tool as LangChain's `tool`, with the contract entering only through LangChain's own
 * options and middleware: `schema` (sdk_schema), the tool function (guarded_execute), and a
 * `wrapToolCall` middleware that interrupts a call that needs a person (approval_switch).
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { ToolMessage } from "@langchain/core/messages";
import { interrupt } from "@langchain/langgraph";
import { createMiddleware } from "langchain";
import { z } from "zod";
import { decidePolicy, type AnyToolSpec } from "../../../contract/index.js";
import { runTeamTool } from "../native-tools.js";
import { isOn, type HardeningOptions } from "./pieces.js";

/** What the tool asks of the session it runs in. */
export type ToolHooks = {
  /** guarded_execute: the contract's answer to this call, run with LangChain's validated arguments. */
  execute(callId: string, args: unknown): Promise<string>;
  /** Whether the contract already authorized or answered this call (a run continued after an answer). */
  answeredByContract(callId: string): boolean;
};

/** An open schema: what LangChain is handed when sdk_schema is off, so it validates nothing. */
const open = () => z.object({}).passthrough();

export function hardenTool(spec: AnyToolSpec, hooks: ToolHooks, options: HardeningOptions): StructuredToolInterface {
  const run = async (input: unknown, config: { toolCall?: { id?: string } }) => {
    const callId = config.toolCall?.id;
    if (callId === undefined) throw new Error(`LangChain invoked ${spec.name} without its call`);
    if (isOn(options, "guarded_execute")) return hooks.execute(callId, input);
    // Unguarded: the team's executor as it stands, keyed by LangChain's call id (what native does).
    return runTeamTool(spec, input, callId);
  };
  const schema = isOn(options, "sdk_schema") ? spec.input : open();
  return tool(run, { name: spec.name, description: spec.description, schema: schema as never }) as never;
}

/** What an approval interrupt carries: the call it stops, as humanInTheLoopMiddleware's action request names it. */
export type ApprovalRequest = { readonly callId: string; readonly actionRequests: { name: string; args: unknown }[] };
/** The answer a resumed interrupt gets: one decision, as humanInTheLoopMiddleware's response has them. */
export type ApprovalResume = { readonly decisions: readonly { readonly type: "approve" | "reject" }[] };

/**
 * approval_switch: a `wrapToolCall` middleware that suspends the one call the risk table says needs a
 * person with LangGraph's `interrupt()`, unless the contract already answered it. LangChain runs each
 * tool call as its own task, so the turn's other calls run and are kept while this one waits (the
 * per-call form of humanInTheLoopMiddleware, whose afterModel interrupt would hold the whole turn).
 */
export function approvalMiddleware(specs: readonly AnyToolSpec[], hooks: ToolHooks, options: HardeningOptions) {
  const gated = new Set(
    specs
      .filter((s) => isOn(options, "approval_switch") && decidePolicy(s.risk).kind === "require_approval")
      .map((s) => s.name),
  );
  return createMiddleware({
    name: "ContractApprovalMiddleware",
    wrapToolCall: async (request, handler) => {
      const { name, id, args } = request.toolCall;
      if (!gated.has(name) || id === undefined || hooks.answeredByContract(id)) return handler(request);
      const asked: ApprovalRequest = { callId: id, actionRequests: [{ name, args }] };
      const answer = interrupt(asked) as ApprovalResume;
      if (answer.decisions[0]?.type !== "reject") return handler(request);
      return new ToolMessage({
        content: `User rejected the tool call for \`${name}\``,
        name,
        tool_call_id: id,
        status: "error",
      });
    },
  });
}
