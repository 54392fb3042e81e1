/**
 * The report speaks both languages in one static page: every message is written in each language,
 * each in an element carrying its `lang`, and the page's CSS shows the one `<html lang>` names (the
 * inline script sets it; without a script the page reads in English). Attributes cannot hold two
 * languages, so an aria-label carries both in `data-label-*` and the script puts the chosen one in place.
 */
import { catalogueProblems, formatMessage, type Catalogues, type MessageParams } from "../../web/i18n/catalogue.js";
import { LOCALES, type Locale } from "../../web/i18n/locale.js";
import { esc } from "./escape.js";
import { en, type MessageKey } from "./messages-en.js";
import { zhCN } from "./messages-zh.js";

export const MESSAGES: Catalogues<MessageKey> = { en, "zh-CN": zhCN };
export type { Locale, MessageKey };
export { LOCALES };

export const messageProblems = (): string[] => catalogueProblems(MESSAGES);

/** Text in a locale: a message, or evidence shown as it is (codes, names, numbers). */
export type Text = { readonly in: (locale: Locale) => string; readonly verbatim: boolean };

export const msg = (locale: Locale, key: MessageKey, params: MessageParams = {}): string =>
  formatMessage(MESSAGES, locale, key, params);
export const m = (key: MessageKey, params: MessageParams = {}): Text => ({
  in: (locale) => msg(locale, key, params),
  verbatim: false,
});
/** A code, a name or a value from the evidence: the same in every language, marked not to translate. */
export const code = (text: string | number): Text => ({ in: () => String(text), verbatim: true });

/** One rendering per locale, each in `tag` with its `lang`; rendered once when every locale gives the same. */
export function both(render: (locale: Locale) => string, tag = "span"): string {
  const [first, ...rest] = LOCALES.map(render);
  if (rest.every((html) => html === first)) return first ?? "";
  return LOCALES.map((locale) => `<${tag} class="l" lang="${locale}">${render(locale)}</${tag}>`).join("");
}

/** A text as HTML: a message in both languages, a verbatim value once with translate="no". */
export const html = (text: Text): string =>
  text.verbatim ? `<span translate="no">${esc(text.in("en"))}</span>` : both((locale) => esc(text.in(locale)));

/** English prose the evidence carries (a column's summary, a reason): shown as it is, marked English. */
export const prose = (text: string): string => `<span lang="en">${esc(text)}</span>`;

/** An aria-label in both languages: English in place, each in `data-label-<locale>` for the script to swap in. */
export function label(text: Text): string {
  const each = LOCALES.map((locale) => ` data-label-${locale.toLowerCase()}="${esc(text.in(locale))}"`).join("");
  return ` aria-label="${esc(text.in("en"))}"${text.verbatim ? " data-label-verbatim" : each}`;
}

/** Numbers as people read them in `locale`: thousands grouped, at most four significant digits. */
export function num(value: number, locale: Locale = "en"): string {
  const options = Number.isInteger(value) ? {} : { maximumSignificantDigits: 4 };
  return new Intl.NumberFormat(locale, options).format(value);
}

/** A recorded time in `locale`, in UTC so that the page does not depend on where it was written. */
export function date(iso: string, locale: Locale): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "long",
    timeZone: "UTC",
  }).format(at);
}
