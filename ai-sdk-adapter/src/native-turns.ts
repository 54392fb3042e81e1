/**
 * The native engine's two translations at the SDK's edge: the scripted planner's text as a model's
 * answer (tool calls carrying the model's own ids), and a person's answer as the SDK's
 * tool-approval-response, in the one tool message the SDK reads answers from.
 */
import type { ModelMessage, ToolApprovalResponse } from "ai";
import { withToolParts } from "./messages.js";
import type { ModelContent } from "./model.js";

/** Where the scripted model puts a caller's idempotency key: the tool call's provider metadata, as a provider sends extras. */
export const CALLER_KEY_METADATA = "agent_harness";

/** The caller's key a tool call's metadata carries, if any (as the model sent it, or as the history keeps it). */
export function callerKeyIn(metadata: unknown): string | null {
  const ours = (metadata as Record<string, { idempotency_key?: unknown } | undefined> | undefined)?.[
    CALLER_KEY_METADATA
  ];
  return typeof ours?.idempotency_key === "string" ? ours.idempotency_key : null;
}

type PlannedCall = { id?: unknown; tool?: unknown; arguments?: unknown; idempotency_key?: unknown };

/** The planner's text as a model's answer: tool calls with fresh ids, or text. */
export function contentOf(raw: string, mint: () => string): ModelContent {
  let parsed: PlannedCall & { type?: unknown; calls?: unknown; text?: unknown };
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    return [{ type: "text", text: raw }];
  }
  const call = ({ id, tool, arguments: args, idempotency_key: key }: PlannedCall): ModelContent[number] => ({
    type: "tool-call",
    // A call the planner names (a parallel turn) keeps its id, as a model's own call id; others get a fresh one.
    toolCallId: typeof id === "string" ? id : mint(),
    toolName: String(tool),
    input: JSON.stringify(args ?? {}),
    ...(typeof key === "string" ? { providerMetadata: { [CALLER_KEY_METADATA]: { idempotency_key: key } } } : {}),
  });
  if (parsed.type === "tool_call") return [call({ ...parsed, id: undefined })];
  if (parsed.type === "tool_calls" && Array.isArray(parsed.calls)) return (parsed.calls as PlannedCall[]).map(call);
  return [{ type: "text", text: typeof parsed.text === "string" ? parsed.text : raw }];
}

/** The answers to one turn's requests go back in one tool message, the last (the only one the AI SDK reads them from). */
export function withApprovalResponse(messages: readonly ModelMessage[], answer: ToolApprovalResponse): ModelMessage[] {
  const last = messages.at(-1);
  const answers =
    last?.role === "tool" && last.content.every((p) => p.type === "tool-approval-response") ? last.content : null;
  return answers === null
    ? withToolParts(messages, [answer])
    : [...messages.slice(0, -1), { role: "tool", content: [...answers, answer] }];
}

/** The nonce a harness token carries (`apv1.<base64url claims>.<hmac>`), read without checking anything. */
export function nonceIn(token: unknown): string | null {
  if (typeof token !== "string") return null;
  try {
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      nonce?: unknown;
    };
    return typeof claims.nonce === "string" ? claims.nonce : null;
  } catch {
    return null;
  }
}

/** A model's tool-call input (JSON text) as a value; text that is not JSON stays text. */
export function parsedInput(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}
