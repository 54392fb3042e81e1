/**
 * A team's tool as LangChain's `tool`, with the contract entering only through LangChain's own
 * options and middleware: `schema` (sdk_schema), the tool function (guarded_execute), and
 * `humanInTheLoopMiddleware`'s `interruptOn` with a `when` predicate (approval_switch).
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { humanInTheLoopMiddleware } from "langchain";
import { z } from "zod";
import { decidePolicy, grantDispatch, type AnyToolSpec } from "../../../contract/index.js";
import { isOn, type HardeningOptions } from "./pieces.js";

/** What the tool asks of the session it runs in. */
export type ToolHooks = {
  /** guarded_execute: the contract's answer to this call, run with LangChain's validated arguments. */
  execute(callId: string, args: unknown): Promise<string>;
  /** Whether the contract already holds an accepted approval for this call (a run continued after an answer). */
  approvedByContract(callId: string): boolean;
};

/** An open schema: what LangChain is handed when sdk_schema is off, so it validates nothing. */
const open = () => z.object({}).passthrough();

export function hardenTool(spec: AnyToolSpec, hooks: ToolHooks, options: HardeningOptions): StructuredToolInterface {
  const run = async (input: unknown, config: { toolCall?: { id?: string } }) => {
    const callId = config.toolCall?.id;
    if (callId === undefined) throw new Error(`LangChain invoked ${spec.name} without its call`);
    if (isOn(options, "guarded_execute")) return hooks.execute(callId, input);
    // Unguarded: the team's executor as it stands, keyed by LangChain's call id (what native does).
    const output = await spec.execute(
      input as never,
      grantDispatch({ idempotencyKey: callId, signal: new AbortController().signal }),
    );
    return JSON.stringify(output ?? null);
  };
  const schema = isOn(options, "sdk_schema") ? spec.input : open();
  return tool(run, { name: spec.name, description: spec.description, schema: schema as never }) as never;
}

/** LangChain asks a person for what the risk table says needs one, unless the contract already has that answer. */
export function approvalMiddleware(specs: readonly AnyToolSpec[], hooks: ToolHooks, options: HardeningOptions) {
  const on = isOn(options, "approval_switch");
  const interruptOn = Object.fromEntries(
    specs
      .filter((s) => on && decidePolicy(s.risk).kind === "require_approval")
      .map((s) => [
        s.name,
        {
          allowedDecisions: ["approve", "reject"],
          when: (request: { toolCall: { id?: string } }) =>
            !(request.toolCall.id !== undefined && hooks.approvedByContract(request.toolCall.id)),
        },
      ]),
  );
  return humanInTheLoopMiddleware({ interruptOn } as never);
}
