/**
 * Approval tokens: an HMAC under a server-held secret over tool, argument digest, session,
 * expiry and nonce. Verified in constant time; each way a token fails has its own reason code.
 */
import { canonicalJson, constantTimeEqual, hmacHex } from "./canonical.js";
import { err, ok, type Result } from "./result.js";

export const APPROVAL_FAILURE_CODES = [
  "approval_malformed",
  "approval_bad_signature",
  "approval_already_used",
  "approval_not_pending",
  "approval_session_mismatch",
  "approval_tool_mismatch",
  "approval_args_mismatch",
  "approval_expired",
] as const;
export type ApprovalFailureCode = (typeof APPROVAL_FAILURE_CODES)[number];
export type ApprovalFailure = { readonly code: ApprovalFailureCode; readonly message: string };

/** What a token is bound to. */
export type ApprovalClaims = {
  readonly tool: string;
  readonly args_digest: string;
  readonly session_id: string;
  readonly expires_at: number;
  readonly nonce: string;
};

/** The call waiting for a human, as recorded in the agent state. */
export type PendingApproval = {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly args_digest: string;
  readonly idempotency_key: string;
  readonly nonce: string;
  readonly requested_at: number;
};

/** @default 900000 (15 minutes) */
export const DEFAULT_APPROVAL_TTL_MS = 15 * 60 * 1000;
const TOKEN_PREFIX = "apv1";

/** Signs claims into a token `apv1.<base64url claims>.<hex hmac>`. */
export function issueApprovalToken(claims: ApprovalClaims, secret: string): string {
  const body = toBase64Url(canonicalJson(claims));
  return `${TOKEN_PREFIX}.${body}.${hmacHex(secret, `${TOKEN_PREFIX}.${body}`)}`;
}

/** The token a human's approval of `pending` produces, valid for `ttlMs` from `now`. */
export function approvePending(
  pending: PendingApproval,
  session_id: string,
  secret: string,
  now: number,
  ttlMs: number = DEFAULT_APPROVAL_TTL_MS,
): string {
  return issueApprovalToken(
    { tool: pending.tool, args_digest: pending.args_digest, session_id, expires_at: now + ttlMs, nonce: pending.nonce },
    secret,
  );
}

export type ApprovalCheck = {
  readonly pending: PendingApproval | null;
  readonly session_id: string;
  readonly now: number;
  /** Nonces of tokens already accepted in this session. */
  readonly used: readonly string[];
};

/** Checks a token against the pending call; the signature is checked before any claim is trusted. */
export function verifyApprovalToken(
  token: string,
  check: ApprovalCheck,
  secret: string,
): Result<ApprovalClaims, ApprovalFailure> {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== TOKEN_PREFIX)
    return fail("approval_malformed", "token is not apv1.<claims>.<signature>");
  const [, body = "", signature = ""] = parts;
  if (!constantTimeEqual(signature, hmacHex(secret, `${TOKEN_PREFIX}.${body}`))) {
    return fail("approval_bad_signature", "token signature does not match its claims");
  }
  const claims = decodeClaims(body);
  if (claims === null) return fail("approval_malformed", "token claims are not well formed");
  if (check.used.includes(claims.nonce)) return fail("approval_already_used", "token was already used");
  const pending = check.pending;
  if (pending === null) return fail("approval_not_pending", "no call is waiting for approval");
  if (claims.session_id !== check.session_id)
    return fail("approval_session_mismatch", "token belongs to another session");
  if (claims.tool !== pending.tool)
    return fail("approval_tool_mismatch", `token approves ${claims.tool}, not ${pending.tool}`);
  if (claims.args_digest !== pending.args_digest)
    return fail("approval_args_mismatch", "token approves other arguments");
  if (claims.nonce !== pending.nonce)
    return fail("approval_not_pending", "token approves a call that is not the pending one");
  if (check.now > claims.expires_at) return fail("approval_expired", `token expired at ${claims.expires_at}`);
  return ok(claims);
}

function fail(code: ApprovalFailureCode, message: string) {
  return err({ code, message });
}

function decodeClaims(body: string): ApprovalClaims | null {
  try {
    const value = JSON.parse(fromBase64Url(body)) as Record<string, unknown>;
    const { tool, args_digest, session_id, expires_at, nonce } = value;
    if (typeof tool !== "string" || typeof args_digest !== "string" || typeof session_id !== "string") return null;
    if (typeof expires_at !== "number" || typeof nonce !== "string") return null;
    return { tool, args_digest, session_id, expires_at, nonce };
  } catch {
    return null;
  }
}

// Base64url over UTF-8 without Node's Buffer, so the core runs in a browser unchanged. One encoder
// and decoder for the module, and indexed loops: an iterator over the bytes costs more than the decoding.
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toBase64Url(text: string): string {
  const bytes = encoder.encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i] as number);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}

function fromBase64Url(body: string): string {
  const binary = atob(body.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return decoder.decode(bytes);
}
