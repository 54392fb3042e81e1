/**
 * Credentials, cookies, tokens and contact data: a tool input that carries them is rejected,
 * and nothing of them reaches a trace.
 */

const SENSITIVE_KEY =
  /pass(word|wd)?|secret|token|api[_-]?key|cookie|authori[sz]ation|credential|private[_-]?key|e-?mail|phone/i;

const SENSITIVE_VALUE: readonly RegExp[] = [
  // e-mail address; the lookbehind anchors a match at the start of its run, which keeps the
  // check linear on long runs without an "@" (without it, 16 KB of letters took 300 ms).
  /(?<![A-Z0-9._%+-])[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i,
  /\bbearer\s+[A-Za-z0-9._~+/-]{8,}/i, // HTTP bearer credential
  /\b(sk|pk|rk)-[A-Za-z0-9_-]{16,}/, // API secret keys
  /\bgh[pousr]_[A-Za-z0-9]{20,}/, // GitHub tokens
  /\bAKIA[0-9A-Z]{16}\b/, // AWS access key ids
  /\b(set-)?cookie\s*:/i, // raw cookie headers
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/, // PEM private keys
];

export const REDACTED = "[redacted]";
const MAX_TRACE_STRING = 200;

/** Paths (`$.a.b`) of every key or string value in `value` that looks sensitive. */
export function findSensitive(value: unknown, path = "$"): string[] {
  if (typeof value === "string") return SENSITIVE_VALUE.some((re) => re.test(value)) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => findSensitive(item, `${path}[${i}]`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      SENSITIVE_KEY.test(key) ? [`${path}.${key}`] : findSensitive(item, `${path}.${key}`),
    );
  }
  return [];
}

/** A copy safe for a trace: sensitive keys and values replaced, long strings cut. */
export function redact(value: unknown): unknown {
  if (typeof value === "string") {
    if (SENSITIVE_VALUE.some((re) => re.test(value))) return REDACTED;
    return value.length > MAX_TRACE_STRING ? `${value.slice(0, MAX_TRACE_STRING)}…(${value.length} chars)` : value;
  }
  if (Array.isArray(value)) return value.map(redact);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, {
        value: SENSITIVE_KEY.test(key) ? REDACTED : redact(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
