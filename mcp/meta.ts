/**
 * The `_meta` keys a host uses to talk to the harness through MCP. They are namespaced
 * (`agent-harness/…`) as the MCP spec asks of any key outside its own `io.modelcontextprotocol/`.
 */
import { z } from "zod";
import { err, isSensitiveIdentifier, ok, SENSITIVE_IDENTIFIER, type Result } from "../contract/index.js";

export const META_KEYS = Object.freeze({
  /** The session a call belongs to; without it, the connection's own session. */
  session: "agent-harness/session",
  /** An approval token for the call pending in this session. */
  approval: "agent-harness/approval",
  /** A caller-supplied idempotency key (Stripe semantics). */
  idempotencyKey: "agent-harness/idempotency-key",
  /** The owner credential of a session (`session-owners.ts`): handed out in the first answer, sent back to reclaim it. */
  owner: "agent-harness/owner",
  /** On each listed tool: its exact risk class. */
  risk: "agent-harness/risk",
} as const);

const SESSION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * What a `tools/call` request carries for the harness in its `_meta`; other keys belong to the
 * host and pass. Only a malformed session id is refused here: an approval or idempotency key
 * that is present goes on to the contract, which decides whether it is a token or a key.
 */
const HarnessMetaSchema = z
  .looseObject({
    [META_KEYS.session]: z.string().regex(SESSION_ID).optional(),
    [META_KEYS.approval]: z.unknown().optional(),
    [META_KEYS.idempotencyKey]: z.unknown().optional(),
    [META_KEYS.owner]: z.unknown().optional(),
  })
  .transform((meta) => {
    const approval = meta[META_KEYS.approval];
    return {
      session_id: meta[META_KEYS.session] ?? null,
      // Absent is null; a token that is not a string is not a token: the contract refuses "" as approval_malformed.
      approval: approval === undefined ? null : typeof approval === "string" ? approval : "",
      idempotency_key: meta[META_KEYS.idempotencyKey],
      // Never stored or traced: only its keyed digest is compared (`session-owners.ts`).
      owner_credential: typeof meta[META_KEYS.owner] === "string" ? (meta[META_KEYS.owner] as string) : null,
    };
  });

export type HarnessMeta = Readonly<z.output<typeof HarnessMetaSchema>>;

export type MetaError = {
  readonly code: "invalid_session_id" | typeof SENSITIVE_IDENTIFIER;
  readonly message: string;
};

const HARNESS_KEYS = [META_KEYS.session, META_KEYS.approval, META_KEYS.idempotencyKey, META_KEYS.owner] as const;
/** The spec's own key: the host's progress token, echoed in every progress notice of the call. */
const PROGRESS_TOKEN = "progressToken";

const sensitive = (key: string): Result<never, MetaError> =>
  err({
    code: SENSITIVE_IDENTIFIER,
    message: `${SENSITIVE_IDENTIFIER}: _meta["${key}"] carries credentials or contact data`,
  });

/** What a request without harness keys carries, decided by the schema once: most calls send no `_meta`. */
const NO_META: Result<HarnessMeta, MetaError> = ok(Object.freeze(HarnessMetaSchema.parse({})));

/** Reads the harness keys of a request's `_meta`. */
export function readHarnessMeta(meta: unknown): Result<HarnessMeta, MetaError> {
  // Own keys only: a key inherited through a prototype was not sent by the host.
  const own = meta !== null && typeof meta === "object" ? Object.fromEntries(Object.entries(meta)) : {};
  // A progress token is echoed in every progress notice of its call: one holding a secret is refused, not dropped.
  const token = own[PROGRESS_TOKEN];
  if ((typeof token === "string" || typeof token === "number") && isSensitiveIdentifier(String(token)))
    return sensitive(PROGRESS_TOKEN);
  if (!HARNESS_KEYS.some((key) => Object.hasOwn(own, key))) return NO_META;
  const parsed = HarnessMetaSchema.safeParse(own);
  // A session id is stored in every row, audit line and log notice of its session: one holding a secret is refused.
  if (parsed.success && parsed.data.session_id !== null && isSensitiveIdentifier(parsed.data.session_id))
    return sensitive(META_KEYS.session);
  if (parsed.success) return ok(parsed.data);
  return err({
    code: "invalid_session_id",
    message: `invalid_session_id: _meta["${META_KEYS.session}"] must match ${SESSION_ID.source}`,
  });
}
