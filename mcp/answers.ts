/**
 * What `tools/call` answers, as data. Every answer the local engine would give becomes a result
 * whose `structuredContent` is one of these bodies (and whose text block is its JSON); only the
 * `ok` and `replayed` bodies are not errors. Statuses and codes are the local engine's own.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import {
  canonicalJson,
  type ApprovalFailureCode,
  type JsonValue,
  type PendingApproval,
  type RejectionCode,
  type UncertainReason,
  type ValidationIssue,
} from "../handwritten/contract/index.js";

type Head = { readonly session_id: string; readonly tool: string };
type Keyed = Head & { readonly idempotency_key: string };

export type CallAnswer =
  /** The tool ran; `output` is what the conversation would get (a summary and a reference if large). */
  | (Keyed & { readonly status: "ok"; readonly output: JsonValue })
  /** The key had completed with these arguments: the stored result, no executor call. */
  | (Keyed & { readonly status: "replayed"; readonly output: JsonValue })
  /** Schema first: rejected before policy, with the issues a model needs to rewrite the call. */
  | (Head & {
      readonly status: "rejected";
      readonly code: RejectionCode;
      readonly message: string;
      readonly issues: readonly ValidationIssue[];
    })
  | (Head & { readonly status: "denied"; readonly code: "always_deny"; readonly message: string })
  /** A high-risk call waits for a person; call again with a token for `pending` in `_meta`. */
  | (Head & {
      readonly status: "approval_required";
      readonly code: "approval_required";
      readonly pending: PendingApproval;
    })
  /** The token was refused; `pending` is the call still waiting in this session, if any. */
  | (Head & {
      readonly status: "approval_refused";
      readonly code: ApprovalFailureCode;
      readonly message: string;
      readonly pending: PendingApproval | null;
    })
  | (Keyed & {
      readonly status: "conflict";
      readonly code: "key_in_flight" | "key_reused_with_other_arguments";
      readonly message: string;
    })
  | (Keyed & { readonly status: "error"; readonly code: "tool_error"; readonly message: string })
  | (Keyed & { readonly status: "failed"; readonly code: "retries_exhausted"; readonly message: string })
  /** The side effect may have happened; nothing retries it, and the same key keeps answering this. */
  | (Keyed & { readonly status: "uncertain"; readonly code: UncertainReason; readonly message: string })
  /** The server failed in a way the contract does not name; details go to stderr, not the wire. */
  | (Head & { readonly status: "error"; readonly code: "internal_error"; readonly message: string });

export type CallAnswerStatus = CallAnswer["status"];

/** Only a call that ran, or replayed a completed one, is not an error. */
export function isErrorAnswer(answer: CallAnswer): boolean {
  return answer.status !== "ok" && answer.status !== "replayed";
}

/** The MCP result: the body as `structuredContent`, and its JSON as a text block for older hosts. */
export function toCallToolResult(answer: CallAnswer): CallToolResult {
  const body = JSON.parse(canonicalJson(answer)) as Record<string, unknown>;
  return {
    content: [{ type: "text", text: canonicalJson(answer) }],
    structuredContent: body,
    isError: isErrorAnswer(answer),
  };
}
