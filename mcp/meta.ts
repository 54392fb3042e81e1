/**
 * The `_meta` keys a host uses to talk to the harness through MCP. They are namespaced
 * (`agent-harness/…`) as the MCP spec asks of any key outside its own `io.modelcontextprotocol/`.
 */
import { err, ok, type Result } from "../contract/index.js";

export const META_KEYS = Object.freeze({
  /** The session a call belongs to; without it, the connection's own session. */
  session: "agent-harness/session",
  /** An approval token for the call pending in this session. */
  approval: "agent-harness/approval",
  /** A caller-supplied idempotency key (Stripe semantics). */
  idempotencyKey: "agent-harness/idempotency-key",
  /** On each listed tool: its exact risk class. */
  risk: "agent-harness/risk",
} as const);

const SESSION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** What a `tools/call` request carries for the harness in its `_meta`. */
export type HarnessMeta = {
  readonly session_id: string | null;
  /** Absent is null; anything present is handed to the contract, which decides whether it is a token. */
  readonly approval: string | null;
  /** Absent is undefined; present values go to the contract's own check of planner keys. */
  readonly idempotency_key: unknown;
};

export type MetaError = { readonly code: "invalid_session_id"; readonly message: string };

/** Reads the harness keys of a request's `_meta`; only a malformed session id is an error here. */
export function readHarnessMeta(meta: unknown): Result<HarnessMeta, MetaError> {
  const record = meta !== null && typeof meta === "object" ? (meta as Record<string, unknown>) : {};
  const own = (key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined);
  const session = own(META_KEYS.session);
  if (session !== undefined && (typeof session !== "string" || !SESSION_ID.test(session))) {
    return err({
      code: "invalid_session_id",
      message: `_meta["${META_KEYS.session}"] must match ${SESSION_ID.source}`,
    });
  }
  const approval = own(META_KEYS.approval);
  return ok({
    session_id: session ?? null,
    // A token that is not a string is not a token: the contract refuses "" as approval_malformed.
    approval: approval === undefined ? null : typeof approval === "string" ? approval : "",
    idempotency_key: own(META_KEYS.idempotencyKey),
  });
}
