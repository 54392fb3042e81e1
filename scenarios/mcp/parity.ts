/**
 * TEST SUPPORT. The parity check: does an MCP answer equal the local decision, and did the
 * world see exactly the side effects that decision allows? It returns every discrepancy, so a
 * test can show both that the real server has none and that a broken adapter is caught.
 */
import { isDeepStrictEqual } from "node:util";
import { digest } from "../../contract/index.js";
import type { Expected, LocalCall } from "./local-oracle.js";

/** What came back over MCP: a JSON-RPC error, or a result. */
export type Observed =
  | { readonly kind: "protocol_error"; readonly code: number; readonly message: string }
  | {
      readonly kind: "result";
      readonly isError: boolean;
      readonly body: Record<string, unknown>;
      readonly text: string | null;
      /** The owner credential an HTTP server handed out with this answer (`mcp/session-owners.ts`), if any. */
      readonly owner?: string;
    };

/** Executor calls and landed side effects of the called tool during the call, from the world itself. */
export type WorldDelta = { readonly calls: number; readonly effects: number };

export function discrepancies(call: LocalCall, expected: Expected, observed: Observed, delta: WorldDelta): string[] {
  const found: string[] = [];
  const differ = (what: string, want: unknown, got: unknown) => {
    if (!isDeepStrictEqual(want, got)) found.push(`${what}: local ${JSON.stringify(want)}, mcp ${JSON.stringify(got)}`);
  };
  if (expected.kind === "protocol_error") {
    differ("answer kind", "protocol_error", observed.kind);
    if (observed.kind === "protocol_error") differ("JSON-RPC error code", expected.code, observed.code);
  } else if (observed.kind === "protocol_error") {
    found.push(`answer kind: local result ${expected.status}, mcp JSON-RPC error ${observed.code} ${observed.message}`);
  } else {
    const { body } = observed;
    differ("status", expected.status, body.status);
    differ("reason code", expected.code, body.code ?? null);
    differ("isError", expected.status !== "ok" && expected.status !== "replayed", observed.isError);
    if (observed.text === null) found.push("no text block with the JSON of the answer");
    else differ("text block", body, JSON.parse(observed.text));
    if (expected.status === "approval_required") differ("pending call", pendingOf(call), pendingView(body.pending));
  }
  differ(`executor calls of ${call.tool}`, expected.kind === "answer" ? expected.calls : 0, delta.calls);
  differ(`side effects of ${call.tool}`, expected.kind === "answer" ? expected.effects : 0, delta.effects);
  return found;
}

/** The pending call an approval_required answer must name: this very call. */
function pendingOf(call: LocalCall) {
  return { tool: call.tool, args: call.args, args_digest: digest(call.args), idempotency_key: call.key ?? DERIVED };
}

const DERIVED = "(derived from session, step and arguments)";

function pendingView(pending: unknown) {
  if (pending === null || typeof pending !== "object") return pending;
  const { tool, args, args_digest, idempotency_key } = pending as Record<string, unknown>;
  const derived = typeof idempotency_key === "string" && /^idem_[0-9a-f]{32}$/.test(idempotency_key);
  return { tool, args, args_digest, idempotency_key: derived ? DERIVED : idempotency_key };
}
