/**
 * A team's tool as the SDK's function tool, with the contract entering only through the SDK's
 * own options: `parameters` (sdk_schema), `needsApproval` (approval_switch), a tool input
 * guardrail for a tool that may never run, and `execute` (guarded_execute).
 */
import { tool, type FunctionTool } from "@openai/agents";
import { decidePolicy, grantDispatch, type AnyToolSpec } from "../../../contract/index.js";
import { NEVER_RUN } from "../native-items.js";
import { isOn, type HardeningOptions } from "./pieces.js";

/** What the tool asks of the session it runs in. */
export type ToolHooks = {
  /** guarded_execute: the contract's answer to this call, run with the SDK's validated arguments. */
  execute(callId: string, args: unknown): Promise<string>;
  /** Whether the contract already holds an accepted approval for this call (a run resumed in a new process). */
  approvedByContract(callId: string): boolean;
};

/** An open schema: what the SDK is handed when sdk_schema is off, so it validates nothing. */
const open = () => ({ type: "object" as const, properties: {}, required: [], additionalProperties: true as const });

export function hardenTool(
  spec: AnyToolSpec,
  hooks: ToolHooks,
  options: HardeningOptions,
): FunctionTool<unknown, never> {
  const policy = decidePolicy(spec.risk).kind;
  const base = {
    name: spec.name,
    description: spec.description,
    inputGuardrails: policy === "deny" ? [NEVER_RUN] : [],
    // The SDK asks a person for what the risk table says needs one, unless the contract already has that answer.
    needsApproval: async (_context: unknown, _input: unknown, callId?: string) =>
      isOn(options, "approval_switch") &&
      policy === "require_approval" &&
      !(callId !== undefined && hooks.approvedByContract(callId)),
    // A process death or a spent work budget must stop the run, not become a message to the model.
    errorFunction: null,
    // Guarded, the contract times a call out on the injected clock; unguarded, the SDK's own timeout is all there is.
    ...(isOn(options, "guarded_execute") ? {} : { timeoutMs: spec.timeoutMs }),
  };
  const execute = async (input: unknown, _context: unknown, details?: { toolCall?: { callId?: string } }) => {
    const callId = details?.toolCall?.callId;
    if (callId === undefined) throw new Error(`the SDK invoked ${spec.name} without its call`);
    if (isOn(options, "guarded_execute")) return hooks.execute(callId, input);
    // Unguarded: the team's executor as it stands, keyed by the SDK's call id (what native does).
    const output = await spec.execute(
      input as never,
      grantDispatch({ idempotencyKey: callId, signal: new AbortController().signal }),
    );
    return JSON.stringify(output ?? null);
  };
  if (!isOn(options, "sdk_schema")) return tool({ ...base, parameters: open(), strict: false, execute }) as never;
  return tool({ ...base, parameters: spec.input, strict: strictFor(spec), execute }) as never;
}

/** The SDK's strict mode needs every field required; a schema with optional fields is validated by zod, not strict mode. */
function strictFor(spec: AnyToolSpec): boolean {
  const shape = (spec.input as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape ?? {};
  return Object.values(shape).every((field) => !field.safeParse(undefined).success);
}
