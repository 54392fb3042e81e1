/**
 * The one redaction boundary: every value the contract stores, traces, logs or notifies passes one
 * of these on its way in. Values (tool arguments and outputs, planner text, final answers, goals,
 * error messages) are redacted, keys included; an identifier a caller supplies (a session id, an
 * idempotency key, a progress token) that holds a secret is refused, never stored. What is
 * sensitive is decided once, in `sensitive.ts`.
 */
import { isSensitiveText, REDACTED, redactText } from "./sensitive.js";

const SENSITIVE_KEY =
  /pass(word|wd)?|secret|token|api[_-]?key|cookie|authori[sz]ation|credential|private[_-]?key|e-?mail|phone/i;
const MAX_TRACE_STRING = 200;

/** The reason code of an identifier refused for holding a credential or contact data. */
export const SENSITIVE_IDENTIFIER = "sensitive_identifier";

/**
 * Whether a caller-supplied identifier holds a secret. Identifiers join words with `._:-`, which
 * the detectors read as part of a word (`pay-4111…` is no card number to them): the id is read as
 * it is and with its separators as spaces.
 */
export function isSensitiveIdentifier(id: string): boolean {
  return isSensitiveText(id) || isSensitiveJoined(id);
}

const SEPARATOR = /[._:-]/;
const SEPARATORS = /[._:-]/g;
// One word (no space), as an identifier is: escapes may still spell its parts (`key-\u0034111…`).
// Bounded: every separator starts another scan (an escaped 128-character id is 768 characters).
const WORD_SHAPED = /^\S{1,1024}$/;

/**
 * Read as an identifier joins its parts: with its separators as spaces (`pay-4111 1111…`), and from
 * after each separator on (`key-eyJ…`: a JWT keeps its dots, so spaces would break it).
 */
function isSensitiveJoined(id: string): boolean {
  if (!SEPARATOR.test(id)) return false;
  if (isSensitiveText(id.replace(SEPARATORS, " "))) return true;
  for (let i = 1; i < id.length; i++)
    if (SEPARATOR.test(id[i - 1]!) && !SEPARATOR.test(id[i]!) && isSensitiveText(id.slice(i))) return true;
  return false;
}

/** A string value: sensitive as text, or, one word as an identifier is (any value may become a key), as one. */
function isSensitiveString(text: string): boolean {
  return isSensitiveText(text) || (WORD_SHAPED.test(text) && isSensitiveJoined(text));
}

/** The message of anything thrown, redacted: a tool, a store or an SDK may quote a credential in it. */
export function errorMessage(error: unknown): string {
  return redactText(error instanceof Error ? error.message : String(error));
}

/** A failure as a log may show it: its stack (or message), redacted. A store or an SDK error may quote a value. */
export function loggedError(error: unknown): string {
  return redactText(error instanceof Error ? (error.stack ?? error.message) : String(error));
}

/** A key as it may be stored: a key that holds a secret keeps only its clean words. */
const keyOf = (key: string): string => redactText(key);

/** Paths (`$.a.b`) of every key or string value in `value` that looks sensitive; a path never spells a secret. */
export function findSensitive(value: unknown, path = "$"): string[] {
  if (typeof value === "string") return isSensitiveString(value) ? [path] : [];
  if (typeof value === "number") return isSensitiveText(String(value)) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => findSensitive(item, `${path}[${i}]`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      SENSITIVE_KEY.test(key) || isSensitiveText(key)
        ? [`${path}.${keyOf(key)}`]
        : findSensitive(item, `${path}.${key}`),
    );
  }
  return [];
}

/**
 * A copy safe for a trace: sensitive keys and values replaced, strings longer than `maxString`
 * cut. A frozen planner route keeps long strings (`Infinity`): it replays them.
 */
export function redact(value: unknown, maxString: number = MAX_TRACE_STRING): unknown {
  if (typeof value === "string") {
    if (isSensitiveString(value)) return REDACTED;
    return value.length > maxString ? `${value.slice(0, maxString)}…(${value.length} chars)` : value;
  }
  // A card number written as a JSON number is one all the same.
  if (typeof value === "number") return isSensitiveText(String(value)) ? REDACTED : value;
  if (Array.isArray(value)) return value.map((item) => redact(item, maxString));
  if (value !== null && typeof value === "object")
    return rebuild(value as Record<string, unknown>, (key, item) =>
      SENSITIVE_KEY.test(key) ? REDACTED : redact(item, maxString),
    );
  return value;
}

/**
 * Planner output as it may be stored: JSON is parsed (so no escape can spell a secret past the
 * detectors), redacted in place — each string keeps its clean words, as `redactText` keeps them —
 * and written again; other text is redacted as text. `redacted` says whether anything was cut.
 */
export function redactPlannerText(raw: string): { readonly text: string; readonly redacted: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    const text = redactText(raw);
    return { text, redacted: text !== raw };
  }
  const walk = (value: unknown): unknown => {
    // An identifier-shaped string found only with its separators read as spaces has no clean words to keep.
    if (typeof value === "string")
      return isSensitiveString(value) && !isSensitiveText(value) ? REDACTED : redactText(value);
    if (typeof value === "number") return isSensitiveText(String(value)) ? REDACTED : value;
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === "object")
      return rebuild(value as Record<string, unknown>, (_, v) => walk(v));
    return value;
  };
  // Read again as text: a `"password": "…"` pair is a secret only key and value together.
  const text = redactText(JSON.stringify(walk(parsed)));
  // A number too long for a double (a card number as JSON) loses digits in the parse: the raw text still holds them.
  return { text, redacted: text !== JSON.stringify(parsed) || isSensitiveText(raw) };
}

/** `value`'s own keys with each value `mapped`; a key that holds a secret is stored redacted, made unique. */
function rebuild(value: Record<string, unknown>, mapped: (key: string, item: unknown) => unknown) {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    let stored = isSensitiveText(key) ? keyOf(key) : key;
    for (let n = 2; stored !== key && Object.hasOwn(out, stored); n++) stored = `${keyOf(key)}#${n}`;
    const kept = mapped(key, value[key]);
    // Only `__proto__` would set the prototype if assigned: it alone is defined, as plain data.
    if (stored === "__proto__")
      Object.defineProperty(out, stored, { value: kept, enumerable: true, writable: true, configurable: true });
    else out[stored] = kept;
  }
  return out;
}
