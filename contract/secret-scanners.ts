/**
 * The maintained detectors behind `sensitive.ts`: secretlint's recommended rule preset (keys and
 * tokens of AWS, GCP, GitHub, Slack, npm, OpenAI, Anthropic, SendGrid, Shopify, Linear,
 * 1Password, private keys, basic-auth URLs, database connection strings) and libphonenumber-js
 * for phone numbers. secretlint's own runner is asynchronous and reads files; the rules are
 * plain synchronous functions over a source text, so they are driven here directly, which keeps
 * the contract a pure, synchronous check that also runs in the browser page.
 */
import { rules as secretlintRules } from "@secretlint/secretlint-rule-preset-recommend";
import { parsePhoneNumberFromString } from "libphonenumber-js";

/** A stretch of text that holds a credential or contact data, and what found it. */
export type SensitiveSpan = { readonly start: number; readonly end: number; readonly detector: string };

/** The part of secretlint's rule interface this driver uses; every rule of the preset reports a range. */
export type SecretlintRule = {
  readonly meta: { readonly id: string };
  create(context: unknown, options: unknown): { file(source: unknown): unknown };
};
type Report = { readonly range: readonly [number, number] };

const RULES = (secretlintRules as unknown as readonly SecretlintRule[]).filter(
  // Comment filtering turns reports off inside `secretlint-disable` comments: tool input never gets to opt out
  // (and the filter needs a source object that maps offsets to lines, which this driver does not build).
  (rule) => !rule.meta.id.endsWith("filter-comments"),
);

/**
 * Some of secretlint's patterns scan to the end of the text from every place they could start
 * (quadratic on a long run of, say, `-----BEGIN `); in windows of a bounded size the whole scan
 * stays linear. Windows overlap by more than the longest token the rules look for, so a token is
 * always whole in one of them; a find that starts in the overlap is listed by the next window
 * only, so each find is listed once.
 */
const WINDOW = 4096;
const OVERLAP = 512;
const STEP = WINDOW - OVERLAP;

/** Every span secretlint's recommended rules report in `text`. */
export function secretlintSpans(text: string): SensitiveSpan[] {
  const spans: SensitiveSpan[] = [];
  for (let at = 0; at === 0 || at + OVERLAP < text.length; at += STEP) {
    const last = at + WINDOW >= text.length;
    for (const span of secretlintWindow(text.slice(at, at + WINDOW))) {
      if (last || span.start < STEP) spans.push({ ...span, start: span.start + at, end: span.end + at });
    }
  }
  return spans;
}

function secretlintWindow(text: string): SensitiveSpan[] {
  return ruleSpans(RULES, text);
}

/** Every span `rules` report in `text`, each named after its rule (`secretlint:<name>`). */
export function ruleSpans(rules: readonly SecretlintRule[], text: string): SensitiveSpan[] {
  const spans: SensitiveSpan[] = [];
  // Only the content: rules read `ext` to pick a file format (GCP's .p12 and .json) and `filePath` to read or
  // name a file, which must stay idle on tool input and in a browser.
  const source = { content: text };
  for (const rule of rules) {
    const context = {
      // Messages are not used: a span names its rule.
      createTranslator: () => String,
      report: ({ range: [start, end] }: Report) => {
        const detector = rule.meta.id.replace("@secretlint/secretlint-rule-", "secretlint:");
        spans.push({ start, end: beforeQuote(text, start, end), detector });
      },
      ignore: () => undefined,
    };
    const pending = rule.create(context, {}).file(source);
    // A rule that answers asynchronously would be silently skipped; that is a configuration error.
    if (pending instanceof Promise) throw new Error(`secretlint rule ${rule.meta.id} is asynchronous`);
  }
  return spans;
}

/**
 * `end`, or where a double quote (and the backslash escaping it) ends the find earlier. No format
 * the preset looks for holds one (a URL must percent-encode it), but the database URL rule runs on
 * to the next space: in a JSON string it would eat the closing quote, and redacted planner output
 * must stay JSON.
 */
function beforeQuote(text: string, start: number, end: number): number {
  const quote = text.slice(start, end).search(/\\?"/);
  return quote === -1 ? end : start + quote;
}

/**
 * Candidate runs of digits and separators, each at most 26 characters, so the phone parser sees
 * only short strings and the whole scan stays linear in the length of the text. A candidate is a
 * phone number when libphonenumber-js parses it whole as a valid number.
 */
// A leading "(" is one of the separators; a leading "+" is not, so it is matched on its own.
const PHONE_CANDIDATE = /(?<![\w+])\+?[\d ().-]{6,24}\d/g;

const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Phone numbers (international, or national in the default region) that libphonenumber-js accepts as valid. */
export function phoneSpans(text: string, region: "US" = "US"): SensitiveSpan[] {
  const spans: SensitiveSpan[] = [];
  for (const candidate of text.matchAll(PHONE_CANDIDATE)) {
    const number = candidate[0].trim();
    // Written phone numbers have few separators between their digits; a run like "1 1 1 1 …" is not one
    // and is not worth the parser's time.
    const digits = number.replace(/\D/g, "").length;
    if (number.length - digits > digits / 1.5) continue;
    // A dotted quad parses as a phone number in some regions; an IPv4 address is not contact data.
    if (DOTTED_QUAD.test(number) || parsePhoneNumberFromString(number, region)?.isValid() !== true) continue;
    const start = candidate.index + candidate[0].indexOf(number);
    spans.push({ start, end: start + number.length, detector: "libphonenumber" });
  }
  return spans;
}
