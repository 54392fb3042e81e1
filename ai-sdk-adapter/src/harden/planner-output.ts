/**
 * What the model sent, checked as the contract checks planner output: a model middleware (the SDK's
 * wrapLanguageModel) reads the raw text of each turn from the response body and asks the contract's
 * `validatePlannerOutput` about it (its secrets cut out by `redactPlannerText`, as the contract does). The SDK
 * itself catches an unknown tool and arguments its `inputSchema` refuses; what it cannot see (text that
 * is no JSON, a `__proto__` key, an oversize or too deep output, prose with secrets beside a call) would
 * reach it as a final answer or as calls to run. Such a turn becomes what a provider hands the SDK for a
 * call it could not parse: one call the SDK finds invalid, answers with a tool error and goes on, so the
 * model is asked again. The layer's answers give that error the contract's rejection. (ai 7.0.185: an
 * invalid call, NoSuchToolError among them, becomes a `tool-error` output and the loop goes on, in
 * dist/index.js generateTextInternal's invalidToolCalls; docs: ai-sdk.dev/docs/ai-sdk-core/middleware and
 * tools-and-tool-calling, "Handling errors".)
 */
import type { LanguageModelMiddleware } from "ai";
import {
  DEFAULT_INPUT_LIMITS,
  redactPlannerText,
  validatePlannerOutput,
  type Rejection,
  type RejectionCode,
} from "../../../contract/index.js";
import type { HardeningPiece, LayerDeps } from "./pieces.js";

/** For each rejection, the piece that refuses the whole turn for it, or null where the SDK's own parsing refuses the call. */
const REFUSED_BY: Readonly<Record<RejectionCode, HardeningPiece | null>> = {
  input_too_large: "sdk_schema",
  malformed_json: "sdk_schema",
  too_deep: "sdk_schema",
  forbidden_key: "sdk_schema",
  malformed_call: "sdk_schema",
  unknown_tool: null,
  invalid_arguments: null,
  sensitive_input: "redaction",
  too_many_calls: "sdk_schema",
  duplicate_call_id: "sdk_schema",
};

/** The name of the one call a refused turn becomes: no tool has it, so the SDK never runs it. */
export const REFUSED_OUTPUT = "refused_planner_output";

export function plannerOutputs(deps: Pick<LayerDeps, "registry" | "ids">, on: (piece: HardeningPiece) => boolean) {
  const refused = new Map<string, Rejection>();
  let turns = 0;
  const middleware: LanguageModelMiddleware = {
    async wrapGenerate({ doGenerate }) {
      const result = await doGenerate();
      const raw = result.response?.body;
      if (typeof raw !== "string") return result;
      const { text: redacted, redacted: cut } = redactPlannerText(raw);
      const checked = validatePlannerOutput(deps.registry, redacted, DEFAULT_INPUT_LIMITS, cut);
      const piece = checked.ok ? null : REFUSED_BY[checked.error.code];
      if (checked.ok || piece === null || !on(piece)) return result;
      const toolCallId = `refused_${deps.ids.nonce("planner_output", (turns += 1))}`;
      refused.set(toolCallId, checked.error);
      return {
        ...result,
        content: [{ type: "tool-call", toolCallId, toolName: REFUSED_OUTPUT, input: JSON.stringify(redacted) }],
        finishReason: { unified: "tool-calls", raw: undefined },
      };
    },
  };
  return { middleware, rejectionOf: (toolCallId: string) => refused.get(toolCallId) };
}
