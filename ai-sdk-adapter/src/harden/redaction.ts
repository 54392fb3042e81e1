/**
 * `redaction`: the contract's one secret finder and redactor at the layer's edges. A tool input that
 * carries credentials or contact data is refused before the executor (`sensitive_input`); what the
 * app stores of the SDK's history is the redacted copy (`redact`). Tool outputs are redacted by the
 * contract's execution path itself (`executeIntent`), and the trace by `traceEvent`.
 */
import type { ModelMessage } from "ai";
import { findSensitive, redact, type JsonValue } from "../../../contract/index.js";
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
  goal: redact(session.goal, Infinity) as string,
  messages: redact(session.messages, Infinity) as ModelMessage[],
});
