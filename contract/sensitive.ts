/**
 * Credentials, cookies, tokens and contact data: the one place that decides what is sensitive.
 * A tool input that carries them is rejected, planner output and final answers are redacted
 * before any checkpointed state holds them, and nothing of them reaches a trace.
 *
 * Detection is secretlint's recommended preset and libphonenumber-js (`secret-scanners.ts`),
 * plus the forms they leave out: whole private keys (`private-keys.ts`), IBANs and card numbers
 * (`financial.ts`), e-mail addresses, `password=`/`token:` assignments, bearer and basic
 * credentials, JWTs, cookie headers, generic `sk-` keys. Every pattern is linear in the
 * length of its input: a run a pattern scans without matching is anchored at its start.
 */
import { financialSpans } from "./financial.js";
import { privateKeySpans } from "./private-keys.js";
import { phoneSpans, secretlintSpans, type SensitiveSpan } from "./secret-scanners.js";
import { createTextMemo } from "./text-memo.js";

export type { SensitiveSpan } from "./secret-scanners.js";

const PATTERNS: readonly (readonly [string, RegExp])[] = [
  // The lookbehind anchors a match at the start of its run (16 KB of letters took 300 ms without it).
  // Letters of any script on both sides: an internationalized domain (`bücher.de`, RFC 6531 mailboxes) is one too.
  ["email", /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/giu],
  // `token: …` in YAML, `"secret": "…"` in JSON, `?token=…` in a URL. Quotes may come escaped at any depth
  // (`{\"password\": \"…\"}` is JSON inside a JSON string of planner output, `\\\"` one level deeper). A quoted
  // value runs to its closing quote, spaces and all; a bare one to the next space or delimiter. Either stops
  // before the backslashes escaping a quote, so that the quote stays escaped and the text stays JSON.
  [
    "assignment",
    /(?:pass(?:word|wd)?|pwd|secret(?:[_-]?access)?(?:[_-]?key)?|api[_-]?key|(?:(?:access|auth|refresh|session|id)[_-]?)?token)(?:\\*["'])?\s{0,3}[:=]\s{0,3}(?:(?<v>\\*["'])(?:(?!\k<v>)[^\r\n]){3,256}|[^\s"'\\&,;]{3,})/gi,
  ],
  ["bearer", /\bbearer\s{1,3}[A-Za-z0-9._~+/-]{8,}/gi],
  // The whole header value: `Basic <base64>` without its credentials redacted would leak them (RFC 7235: scheme,
  // 1*SP, token68). Quotes and backslashes end it: redacted planner output must stay JSON.
  ["authorization", /\bauthori[sz]ation\s{0,3}:\s{0,3}[^\s"'\\]{4,}(?:[ \t]+[A-Za-z0-9._~+/-]+=*)?/gi],
  ["url-credentials", /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s:@/]{1,64}:[^\s@/]{1,128}@/gi],
  ["jwt", /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}/g],
  ["api-key", /\b(?:sk|pk|rk)-[A-Za-z0-9_-]{16,}/g],
  ["slack", /(?<![A-Za-z0-9-])xox[abposr]-[A-Za-z0-9-]{10,}/g],
  // Classic tokens, and fine-grained ones (`github_pat_<22>_<59>`), which secretlint's preset leaves out.
  ["github", /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{22,})/g],
  // secretlint's SendGrid rule takes neither `-` nor `_`, which real keys carry (`SG.<22>.<43>`, base64url).
  ["sendgrid", /(?<![A-Za-z0-9_-])SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}/g],
  ["aws-key-id", /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g],
  // To the end of the line (or of the quoted string around it): every cookie in the header is a credential.
  ["cookie-header", /\b(?:set-)?cookie\s{0,3}:[^\r\n"'\\]*/gi],
];

/**
 * Scans are memoized: a run scans the same strings again and again (every trace event, every
 * checkpoint seal, every tool output), and secretlint's rules were 14% of a fault schedule's CPU.
 * The memo keeps frozen spans; every caller gets its own copies.
 */
const SCAN_MEMO_CHARS = 4_000_000;
const scanned = createTextMemo<readonly SensitiveSpan[]>(SCAN_MEMO_CHARS);

/** Every sensitive stretch of `text`, sorted by start, the longest first; overlapping finds are all listed. */
export function scanText(text: string): SensitiveSpan[] {
  const spans = scanned.get(text, () => Object.freeze(scanUncached(text).map((span) => Object.freeze(span))));
  return spans.map((span) => ({ ...span }));
}

/**
 * In JSON text a line break is `\n`: its `n` would join the word after it, so a token at the start of a
 * line (`\nghp_…`) has no word boundary before it, and a URL pattern would take the `n` as part of its
 * scheme and leave half an escape behind. The detectors read a copy with such escapes blanked, of the
 * same length, so every span lands in place; private keys read their escaped line breaks themselves.
 */
const LETTER_ESCAPE = /\\+[nrtbf]/g;

function scanUncached(text: string): SensitiveSpan[] {
  const plain = text.replace(LETTER_ESCAPE, (escape) => " ".repeat(escape.length));
  const spans = [...secretlintSpans(plain), ...privateKeySpans(text), ...phoneSpans(plain), ...financialSpans(plain)];
  for (const [detector, pattern] of PATTERNS) {
    for (const match of plain.matchAll(pattern))
      spans.push({ start: match.index, end: match.index + match[0].length, detector });
  }
  return spans.sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * JSON's `\u` escapes (at any depth of escaping, `\\u0067` in JSON inside a JSON string) and escaped
 * solidi spell any character: one `JSON.parse` turns `\u0067hp_…` back into a token. Text holding
 * them is read a second time with them decoded.
 */
const SPELLED = /\\+(?:u([0-9a-fA-F]{4})|\/)/g;

function decoded(text: string): string | null {
  if (!text.includes("\\")) return null;
  let plain = text;
  // An escape may spell another (`\u005cu0067` is `\u0067`, which is `g`): decoded until nothing changes, a few rounds.
  for (let round = 0; round < 4; round++) {
    const next = plain.replace(SPELLED, (_, hex: string | undefined) =>
      hex === undefined ? "/" : String.fromCharCode(parseInt(hex, 16)),
    );
    if (next === plain) break;
    plain = next;
  }
  return plain === text ? null : plain;
}

/** Whether `text` holds anything sensitive, as it is written or with its escapes decoded. */
export function isSensitiveText(text: string): boolean {
  if (scanText(text).length > 0) return true;
  const plain = decoded(text);
  return plain !== null && scanText(plain).length > 0;
}

export const REDACTED = "[redacted]";

/**
 * `text` with every sensitive stretch replaced by `[redacted]`; the rest is kept. Text whose escapes
 * spell a secret comes back decoded and redacted: the escaped spelling is never what is kept.
 */
export function redactText(text: string): string {
  // Decoded first: a find in the written text can end at an escape and leave the rest of the secret spelled.
  const plain = decoded(text);
  if (plain === null) return redactSpans(text);
  const again = redactSpans(plain);
  return again === plain ? redactSpans(text) : again;
}

function redactSpans(text: string): string {
  let out = "";
  let at = 0;
  for (const span of scanText(text)) {
    // A find that overlaps the one before extends its replacement instead of adding another.
    if (span.start >= at) out += text.slice(at, span.start) + REDACTED;
    at = Math.max(at, span.end);
  }
  return out + text.slice(at);
}
