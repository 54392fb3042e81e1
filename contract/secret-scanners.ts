/**
 * The maintained detectors behind `sensitive.ts`: secretlint's recommended rule preset (keys and
 * tokens of AWS, GCP, GitHub, Slack, npm, OpenAI, Anthropic, SendGrid, Shopify, Linear,
 * 1Password, private keys, basic-auth URLs, database connection strings) and libphonenumber-js
 * for phone numbers. secretlint's own runner is asynchronous and reads files; the rules are
 * plain synchronous functions over a source text, so they are driven here directly, which keeps
 * the contract a pure, synchronous check that also runs in the browser page.
 */
import { rules as secretlintRules } from "@secretlint/secretlint-rule-preset-recommend";
// The core functions given the full ("max") metadata are what `libphonenumber-js/max` exports, less its twenty
// wrapper modules (under tsx each ES module is a round trip to the loader thread).
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/core";
import MAX_METADATA from "libphonenumber-js/max/metadata";

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
 * only, so each find is listed once. A private key can be longer than a window (a 4096-bit RSA key
 * is 3.2 KB): `private-keys.ts` finds keys whole, outside the windows.
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
 * phone number when libphonenumber-js (its full metadata: the digits themselves are checked, not
 * only their count) parses it whole as a valid number written the way its region writes it.
 */
// A leading "(" is one of the separators; a leading "+" is not, so it is matched on its own. Spaces may be
// no-break ones (U+00A0, U+202F narrow, U+2007 figure, U+2009 thin), as word processors and locales write them.
const PHONE_CANDIDATE = /(?<![\w+])\+?[\d ().\u00a0\u2007\u2009\u202f-]{6,24}\d/g;
const WIDE_SPACE = /[\u00a0\u2007\u2009\u202f]/g;
// `00` is the international prefix of most of the world (ITU-T E.164's "+" written out): `0044 20 …` is `+44 20 …`.
const INTERNATIONAL_PREFIX = /^00 ?(?=[1-9])/;

const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The regions whose national numbers (written without `+` and a country code) are found, each with
 * the shape its numbers' digits have as the region writes them: the trunk prefix 0 where the
 * region's national format carries one (CN and IN landlines, GB, DE, FR, JP), none for NANP (an
 * area code and exchange starting 2–9, after an optional 1), Chinese and Indian mobiles, and
 * Brazil (two-digit area code, eight or nine digits). The shape is only a cheap gate before the
 * parser (which costs a fraction of a millisecond a number); the parser decides.
 */
export const PHONE_REGIONS = {
  US: /^1?[2-9]\d{2}[2-9]\d{6}$/,
  CN: /^(?:1[3-9]\d{9}|0\d{9,11})$/,
  GB: /^0\d{7,10}$/,
  DE: /^0\d{4,14}$/,
  FR: /^0\d{9}$/,
  IN: /^(?:[6-9]\d{9}|0\d{9,10})$/,
  JP: /^0\d{8,10}$/,
  BR: /^[1-9]\d{9,10}$/,
} as const satisfies Partial<Record<CountryCode, RegExp>>;
type PhoneRegion = keyof typeof PHONE_REGIONS;
const REGIONS = Object.keys(PHONE_REGIONS) as PhoneRegion[];

// Answers per candidate: tables and logs repeat the same numbers. Cleared whole when full.
const PHONE_MEMO_SIZE = 10_000;
const phoneMemo = new Map<string, boolean>();

/** Phone numbers: international ones of any country, and national ones of `regions`. */
export function phoneSpans(text: string): SensitiveSpan[] {
  const spans: SensitiveSpan[] = [];
  for (const candidate of text.matchAll(PHONE_CANDIDATE)) {
    const written = candidate[0].trim();
    const number = written.replace(WIDE_SPACE, " ").replace(INTERNATIONAL_PREFIX, "+");
    // Written phone numbers have few separators between their digits; a run like "1 1 1 1 …" is not one
    // and is not worth the parser's time.
    const digits = number.replace(/\D/g, "");
    if (number.length - digits.length > digits.length / 1.5) continue;
    // A dotted quad parses as a phone number in some regions; an IPv4 address is not contact data.
    if (DOTTED_QUAD.test(number) || !memoized(number, digits)) continue;
    const start = candidate.index + candidate[0].indexOf(written);
    spans.push({ start, end: start + written.length, detector: "libphonenumber" });
  }
  return spans;
}

function memoized(number: string, digits: string): boolean {
  let answer = phoneMemo.get(number);
  if (answer === undefined) {
    answer = isPhoneNumber(number, digits);
    if (phoneMemo.size >= PHONE_MEMO_SIZE) phoneMemo.clear();
    phoneMemo.set(number, answer);
  }
  return answer;
}

function isPhoneNumber(number: string, digits: string): boolean {
  // E.164: at most 15 digits with the country code.
  if (number.startsWith("+"))
    return digits.length <= 15 && parsePhoneNumberFromString(number, MAX_METADATA)?.isValid() === true;
  const separated = digits.length !== number.length;
  return REGIONS.some((region) => {
    // Brazil writes its numbers without a trunk prefix ("(11) 91234-5678"): a bare run of ten or eleven
    // digits has too many ids' shape there, so only a separated one counts.
    if (!PHONE_REGIONS[region].test(digits) || (region === "BR" && !separated)) return false;
    const parsed = parsePhoneNumberFromString(number, region, MAX_METADATA);
    if (parsed?.isValid() !== true) return false;
    // As the region writes it (the trunk prefix included: "030 901820", not "30901820"), or with its
    // country code in front, separated ("1.415.555.0132"). Other digit runs that happen to be valid
    // numbers somewhere (ids, dates, amounts) are not contact data.
    if (digits === parsed.formatNational().replace(/\D/g, "")) return true;
    // Indian mobile numbers are written without their trunk prefix ("98765 43210").
    if (region === "IN" && digits === parsed.nationalNumber) return parsed.getType() === "MOBILE";
    return separated && digits === `${parsed.countryCallingCode}${parsed.nationalNumber}`;
  });
}
