/**
 * Tamper evidence for stored state. A checkpoint's sha256 proves nothing against someone who can
 * write the store (they recompute it); an HMAC under the server-held secret does. Every store's
 * records — the contract's checkpoints, the local graph's, LangGraph's — are sealed with
 * `sealOf` when written and opened with `checkSeal` when read, so a change made outside the
 * harness is a `checkpoint_tampered` error naming the session, never a silent load.
 */
import { canonicalJson, constantTimeEqual, hmacHex } from "./canonical.js";
import { err, ok, type Result } from "./result.js";

export type CheckpointTampered = {
  readonly code: "checkpoint_tampered";
  readonly session_id: string;
  readonly message: string;
};

// A distinct label keeps a seal from ever being mistaken for an approval token's MAC under the same secret.
const SEAL_LABEL = "checkpoint-seal-v1";

/** HMAC-SHA256 over the session and the canonical JSON of `record` (plain JSON data). */
export function sealOf(secret: string, session_id: string, record: unknown): string {
  return sealOfJson(secret, session_id, canonicalJson(record));
}

/** `sealOf` of a record whose canonical JSON its caller wrote (`json`, exactly `canonicalJson(record)`). */
export function sealOfJson(secret: string, session_id: string, json: string): string {
  return sealOfMessage(secret, `${SEAL_LABEL}\n${session_id}\n${json}`);
}

/**
 * Seals this process computed, by seal: the message and secret each was computed over. A store
 * re-reads the records it wrote again and again (every load of a session's latest checkpoint);
 * the same secret over the same bytes has the same HMAC, so a record whose message and secret are
 * those of a seal computed here is checked by comparing them, not by a second HMAC. Anything else
 * (another seal, another byte) is computed. Bounded: the oldest entries go first.
 */
const computed = new Map<string, { readonly secret: string; readonly message: string }>();
const MAX_COMPUTED = 1024;

function sealOfMessage(secret: string, message: string): string {
  const seal = hmacHex(secret, message);
  if (computed.size >= MAX_COMPUTED) computed.delete(computed.keys().next().value as string);
  computed.set(seal, { secret, message });
  return seal;
}

/** Checks a stored record against its seal, in constant time. A missing or non-JSON record is tampered too. */
export function checkSeal(
  secret: string,
  session_id: string,
  record: unknown,
  seal: unknown,
): Result<void, CheckpointTampered> {
  let json: string;
  try {
    json = canonicalJson(record);
  } catch {
    return typeof seal === "string"
      ? tampered(session_id, "the stored checkpoint is not JSON data")
      : tampered(session_id, "the stored checkpoint carries no seal");
  }
  return checkSealJson(secret, session_id, json, seal);
}

/** `checkSeal` of a record whose canonical JSON its caller wrote (`json`, exactly `canonicalJson(record)`). */
export function checkSealJson(
  secret: string,
  session_id: string,
  json: string,
  seal: unknown,
): Result<void, CheckpointTampered> {
  if (typeof seal !== "string") return tampered(session_id, "the stored checkpoint carries no seal");
  const message = `${SEAL_LABEL}\n${session_id}\n${json}`;
  const known = computed.get(seal);
  if (known !== undefined && known.secret === secret && known.message === message) return ok(undefined);
  return constantTimeEqual(seal, sealOfMessage(secret, message))
    ? ok(undefined)
    : tampered(session_id, "the stored checkpoint does not match its seal");
}

/** The error for a record that failed its seal; a framework interface that cannot return a Result throws it. */
export class CheckpointTamperedError extends Error {
  static readonly unminifiableName = "CheckpointTamperedError";
  readonly code = "checkpoint_tampered" as const;
  constructor(readonly failure: CheckpointTampered) {
    super(failure.message);
    this.name = CheckpointTamperedError.unminifiableName;
  }
}

export function isCheckpointTamperedError(e: unknown): e is CheckpointTamperedError {
  return e instanceof Error && e.name === CheckpointTamperedError.unminifiableName;
}

/** Opens a sealed record or throws `CheckpointTamperedError`: for store interfaces that return plain values. */
export function openOrThrow<T>(secret: string, session_id: string, record: T, seal: unknown): T {
  const checked = checkSeal(secret, session_id, record, seal);
  if (!checked.ok) throw new CheckpointTamperedError(checked.error);
  return record;
}

function tampered(session_id: string, why: string) {
  return err<CheckpointTampered>({
    code: "checkpoint_tampered",
    session_id,
    message: `checkpoint_tampered: session ${session_id}: ${why}`,
  });
}
