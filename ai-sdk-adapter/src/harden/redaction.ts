/**
 * `redaction`: the contract's one secret finder and redactor at the layer's edges. A tool input that
 * carries credentials or contact data is refused before the executor (`sensitive_input`), and so is
 * every call of the turn it came in (a model middleware sees the whole turn, as the contract refuses
 * a turn, not a call); what the
 * app stores of the SDK's history is the redacted copy (`redact`). Tool outputs are redacted by the
 * contract's execution path itself (`executeIntent`), and the trace by `traceEvent`.
 */
import type { LanguageModelMiddleware, ModelMessage } from "ai";
import { findSensitive, redact, redactText, type JsonValue } from "../../../contract/index.js";
import { parsedInput } from "../native-turns.js";
import type { NativeSession } from "../projection.js";

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

/** A middleware that marks every call of a turn whose calls carry secrets, and the refusal each of them gets. */
export function sensitiveTurns(): {
  readonly middleware: LanguageModelMiddleware;
  refusalFor(toolCallId: string): JsonValue | null;
} {
  const tainted = new Set<string>();
  return {
    middleware: {
      async wrapGenerate({ doGenerate }) {
        const result = await doGenerate();
        // A turn's calls run before the model is asked again: only the latest turn can be tainted.
        tainted.clear();
        const calls = result.content.flatMap((p) => (p.type === "tool-call" ? [p] : []));
        if (calls.some((c) => findSensitive(parsedInput(c.input)).length > 0))
          for (const call of calls) tainted.add(call.toolCallId);
        return result;
      },
    },
    refusalFor: (toolCallId) =>
      tainted.has(toolCallId)
        ? { code: "sensitive_input", message: "a call of this turn carries credentials or contact data", issues: [] }
        : null,
  };
}
