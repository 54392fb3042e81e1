/**
 * sdk_schema and approval_switch: a harness tool as a Mastra `createTool`, its zod schema as the
 * inputSchema (Mastra validates the model's input before execute and tells the model when it does
 * not parse), `requireApproval` a function Mastra evaluates per call (true exactly when the
 * contract waits for a person on a call of this tool with this input), and execute handed to the
 * layer's guarded executor with Mastra's own toolCallId.
 */
import { createTool } from "@mastra/core/tools";
import { z } from "zod";
import type { AnyToolSpec, Clock } from "../../../contract/index.js";
import { runTeamTool } from "../native-tools.js";
import { isOn, type HardeningOptions } from "./pieces.js";

export type ToolHooks = {
  /** Whether the contract waits for a person on a call of `tool` with `args`. */
  readonly waits: (tool: string, args: unknown) => boolean;
  /** The contract's answer to the call `toolCallId`, with `args` as Mastra validated them. */
  readonly execute: (toolCallId: string, args: unknown) => Promise<unknown>;
  /** The clock the team's own executor is bounded by, when guarded_execute is off. */
  readonly clock: Clock;
};

/** Without sdk_schema Mastra is handed an open schema, and checks nothing. */
const OPEN = z.object({}).loose();

export function hardenTool(spec: AnyToolSpec, hooks: ToolHooks, options: HardeningOptions) {
  return createTool({
    id: spec.name,
    description: spec.description,
    inputSchema: isOn(options, "sdk_schema") ? spec.input : OPEN,
    // Off, Mastra suspends for nothing: the approval waits only on the contract's own stop.
    requireApproval: isOn(options, "approval_switch") ? (input: unknown) => hooks.waits(spec.name, input) : false,
    async execute(input: unknown, context) {
      const toolCallId = context?.agent?.toolCallId;
      if (toolCallId === undefined) throw new Error(`Mastra ran ${spec.name} outside an agent's call`);
      if (isOn(options, "guarded_execute")) return hooks.execute(toolCallId, input);
      // Off: the executor is handed over as Mastra's user would (the native engine's tool), keyed by Mastra's call id.
      return runTeamTool(spec, input, toolCallId, hooks.clock);
    },
  });
}
