/**
 * `redaction`: the contract's one secret finder and redactor at the layer's edges. A tool input that
 * carries credentials or contact data is refused before the executor (`sensitive_input`), and so is
 * every call of the turn it came in (a model middleware sees the whole turn, as the contract refuses
 * a turn, not a call); what the
 * app stores of the SDK's history is the redacted copy (`redact`). Tool outputs are redacted by the
 * contract's execution path itself (`executeIntent`), and the trace by `traceEvent`.
 */
import type { LanguageModelMiddleware, ModelMessage } from "ai";
import {
  DEFAULT_INPUT_LIMITS,
  findSensitive,
  redact,
  redactPlannerText,
  redactText,
  rejectedContent,
  validatePlannerOutput,
  type JsonValue,
} from "../../../contract/index.js";
import { parsedInput } from "../native-turns.js";
import type { NativeSession } from "../projection.js";
import type { LayerDeps } from "./pieces.js";

/** The contract's refusal when a tool input carries secrets, or null when it carries none. */
export function sensitiveRefusal(input: unknown): JsonValue | null {
  const paths = findSensitive(input);
  return paths.length === 0
    ? null
    : {
        code: "sensitive_input",
        message: "tool input carries credentials or contact data",
        issues: paths.map((path) => ({ path, message: "credentials and contact data are never tool input" })),
      };
}

/** What is stored of a session: its history (and goal) with every secret replaced. */
export const redactedSession = (session: NativeSession): NativeSession => ({
  ...session,
  // The goal is text: only its secrets are cut out, the rest is kept (the contract's one text redaction).
  goal: redactText(session.goal),
  messages: redact(session.messages, Infinity) as ModelMessage[],
  ...(session.answers === undefined
    ? {}
    : { answers: redact(session.answers, Infinity) as NonNullable<NativeSession["answers"]> }),
});

/** How a call of a turn carrying secrets is answered: the turn's one refusal (its first call), or folded into it. */
export type TurnRefusal = { readonly refusal: JsonValue; readonly first: boolean };

/**
 * A middleware that marks every call of a turn whose calls carry secrets. The refusal is the contract's
 * for planner output it had to redact (`validatePlannerOutput` on the turn, `redactPlannerText`ed): one for the turn.
 */
export function sensitiveTurns(deps: Pick<LayerDeps, "registry">): {
  readonly middleware: LanguageModelMiddleware;
  refusalFor(toolCallId: string): TurnRefusal | null;
} {
  let tainted: { readonly ids: readonly string[]; readonly refusal: JsonValue } | null = null;
  return {
    middleware: {
      async wrapGenerate({ doGenerate }) {
        const result = await doGenerate();
        // A turn's calls run before the model is asked again: only the latest turn can be tainted.
        tainted = null;
        const calls = result.content.flatMap((p) => (p.type === "tool-call" ? [p] : []));
        if (calls.some((c) => findSensitive(parsedInput(c.input)).length > 0)) {
          const turn = calls.map((c) => ({ id: c.toolCallId, tool: c.toolName, arguments: parsedInput(c.input) }));
          const { text } = redactPlannerText(JSON.stringify({ type: "tool_calls", calls: turn }));
          const checked = validatePlannerOutput(deps.registry, text, DEFAULT_INPUT_LIMITS, true);
          const refusal = checked.ok ? (sensitiveRefusal(turn) as JsonValue) : rejectedContent(checked.error);
          tainted = { ids: calls.map((c) => c.toolCallId), refusal };
        }
        return result;
      },
    },
    refusalFor: (toolCallId) =>
      tainted?.ids.includes(toolCallId) === true
        ? { refusal: tainted.refusal, first: tainted.ids[0] === toolCallId }
        : null,
  };
}
