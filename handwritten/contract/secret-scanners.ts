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

type Report = { readonly range?: readonly [number, number] };
type RuleHandlers = { file?: (source: unknown) => unknown };
type Rule = {
  readonly meta: { readonly id: string };
  create(context: unknown, options: unknown): RuleHandlers;
};

const RULES = (secretlintRules as unknown as readonly Rule[]).filter(
  // Comment filtering turns reports off inside `secretlint-disable` comments: tool input never gets to opt out.
  (rule) => !rule.meta.id.endsWith("filter-comments"),
);

/**
 * Some of secretlint's patterns scan to the end of the text from every place they could start
 * (quadratic on a long run of, say, `-----BEGIN `); in windows of a bounded size the whole scan
 * stays linear. Windows overlap by more than the longest token the rules look for, so a token is
 * always whole in one of them.
 */
const WINDOW = 4096;
const OVERLAP = 512;

/** Every span secretlint's recommended rules report in `text`. */
export function secretlintSpans(text: string): SensitiveSpan[] {
  const spans: SensitiveSpan[] = [];
  for (let at = 0; at === 0 || at + OVERLAP < text.length; at += WINDOW - OVERLAP) {
    for (const span of secretlintWindow(text.slice(at, at + WINDOW)))
      spans.push({ ...span, start: span.start + at, end: span.end + at });
  }
  return spans;
}

function secretlintWindow(text: string): SensitiveSpan[] {
  const spans: SensitiveSpan[] = [];
  // No file path: rules that would read the file (PKCS#12) stay idle, as they must in a browser.
  const source = { content: text, ext: "", contentType: "text", filePath: undefined };
  for (const rule of RULES) {
    const context = {
      createTranslator: () => (id: string) => ({ message: id }),
      report: (report: Report) => {
        const [start, end] = report.range ?? [0, text.length];
        spans.push({ start, end, detector: rule.meta.id.replace("@secretlint/secretlint-rule-", "secretlint:") });
      },
      ignore: () => undefined,
    };
    const pending = rule.create(context, {}).file?.(source);
    // A rule that answers asynchronously would be silently skipped; that is a configuration error.
    if (pending instanceof Promise) throw new Error(`secretlint rule ${rule.meta.id} is asynchronous`);
  }
  return spans;
}

/**
 * Candidate runs of digits and separators, each at most 26 characters, so the phone parser sees
 * only short strings and the whole scan stays linear in the length of the text. A candidate is a
 * phone number when libphonenumber-js parses it whole as a valid number.
 */
const PHONE_CANDIDATE = /(?<![\w+])(?:\+|\(\d)?[\d ().-]{6,24}\d/g;

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
