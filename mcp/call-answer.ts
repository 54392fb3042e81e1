/**
 * What `tools/call` answers, as data. Every answer the local engine would give becomes a result
 * whose `structuredContent` is one of these bodies (and whose text block is its JSON); only the
 * `ok` and `replayed` bodies are not errors. Statuses and codes are the local engine's own.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import type { StoreError, StoreErrorCode } from "../durable/errors.js";
import { outputArtifactUri } from "./resources.js";
import { forbiddenMessage, SESSION_FORBIDDEN } from "./session-access.js";
import {
  canonicalJson,
  type AgentState,
  type ApprovalFailureCode,
  type JsonValue,
  type PendingApproval,
  type RejectionCode,
  type UncertainReason,
  type ValidationIssue,
} from "../contract/index.js";

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
  /** A person declined the call when the host asked them (elicitation); nothing ran. */
  | (Keyed & { readonly status: "declined"; readonly code: "approval_declined"; readonly message: string })
  /** The session waits for a person to reconcile an uncertain outcome, or has ended: nothing runs in it. */
  | (Head & {
      readonly status: "stopped";
      readonly code: "reconcile_required" | "failed" | "step_limit" | "done" | "checkpoint_tampered";
      readonly message: string;
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
  /** The session belongs to another MCP session (HTTP): nothing ran, nothing in it changed. */
  | (Head & { readonly status: "forbidden"; readonly code: typeof SESSION_FORBIDDEN; readonly message: string })
  /**
   * The store failed mid-call (another process holds the session, the database went away, …):
   * what was not committed did not happen, and a token whose checkpoint did not go in is unspent.
   */
  | (Head & { readonly status: "store_error"; readonly code: StoreErrorCode; readonly message: string })
  /** The server failed in a way the contract does not name; details go to stderr, not the wire. */
  | (Head & { readonly status: "error"; readonly code: "internal_error"; readonly message: string });

export type CallAnswerStatus = CallAnswer["status"];

/** Only a call that ran, or replayed a completed one, is not an error. */
export function isErrorAnswer(answer: CallAnswer): boolean {
  return answer.status !== "ok" && answer.status !== "replayed";
}

/**
 * The MCP result: the body as `structuredContent`, and its JSON as a text block for older hosts.
 * A large output is already a summary and a reference; the reference also becomes a resource link.
 */
export function toCallToolResult(answer: CallAnswer): CallToolResult {
  // One canonical text: the block is it, and the structured body is read back from it (plain JSON data, as sent).
  const text = canonicalJson(answer);
  const body = JSON.parse(text) as Record<string, unknown>;
  const uri = "output" in answer ? artifactUriOf(answer.output) : null;
  return {
    content: [
      { type: "text", text },
      ...(uri === null ? [] : [{ type: "resource_link" as const, uri, name: `output of ${answer.tool}` }]),
    ],
    structuredContent: body,
    isError: isErrorAnswer(answer),
  };
}

function artifactUriOf(output: JsonValue): string | null {
  if (output === null || typeof output !== "object" || Array.isArray(output)) return null;
  const ref = (output as { readonly [key: string]: JsonValue }).artifact;
  return typeof ref === "string" ? outputArtifactUri(ref) : null;
}

export type HeadOf = { readonly session_id: string; readonly tool: string };

/** The answer of a call to a session whose stored checkpoint fails its seal: nothing runs in it. */
export function tamperedAnswer(head: HeadOf, message: string): CallAnswer {
  return { ...head, status: "stopped", code: "checkpoint_tampered", message };
}

/** The answer of a call the store failed under: its code, and its message (which never holds a password). */
export function storeErrorAnswer(head: HeadOf, error: StoreError): CallAnswer {
  return { ...head, status: "store_error", code: error.code, message: error.message };
}

/**
 * The answer of a call to a session stored in the middle of a turn, or null when it is not:
 * another process is running that turn (or stopped in it), and only that one may go on with it.
 */
export function busyAnswer(state: AgentState | null, head: HeadOf): CallAnswer | null {
  switch (state?.status) {
    case "planned":
    case "validated":
    case "authorized":
    case "executing":
    case "batch": {
      const message = `another process is in the middle of a turn of this session (${state.status}); call again`;
      return { ...head, status: "store_error", code: "session_busy", message };
    }
    default:
      return null;
  }
}

/** The answer of a call naming a session another MCP session owns. */
export function forbiddenAnswer(head: HeadOf): CallAnswer {
  return {
    ...head,
    status: "forbidden",
    code: SESSION_FORBIDDEN,
    message: forbiddenMessage(`session ${head.session_id}`),
  };
}

/** The answer of a call to a session that cannot take one, or null when it can. */
export function stoppedAnswer(state: AgentState | null, head: HeadOf): CallAnswer | null {
  switch (state?.status) {
    case "reconcile_required":
      return {
        ...head,
        status: "stopped",
        code: state.status,
        message: "an uncertain outcome waits for a person to reconcile it",
      };
    case "failed":
    case "step_limit":
    case "done":
      return { ...head, status: "stopped", code: state.status, message: `the session has ended (${state.status})` };
    default:
      return null;
  }
}
