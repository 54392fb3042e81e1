/**
 * Message catalogues: one per language and page, the English one defining the keys. A catalogue
 * typed `Catalogue<keyof typeof en>` fails the type check when it lacks a key or has one too many.
 * A message names its parameters `{name}` and glossary terms `{term:id}`; numbers and lists are
 * formatted by `Intl` for the locale, so no page writes a plural or a separator by hand.
 */
import { isTermId, termText } from "./glossary.js";
import type { Locale } from "./locale.js";

export type Catalogue<K extends string> = Readonly<Record<K, string>>;
export type Catalogues<K extends string> = Readonly<Record<Locale, Catalogue<K>>>;
export type MessageParams = Readonly<Record<string, string | number | readonly string[]>>;

const PLACEHOLDER = /\{(term:)?([A-Za-z0-9_]+)\}/g;

function formatValue(value: string | number | readonly string[], locale: Locale): string {
  if (typeof value === "number") return new Intl.NumberFormat(locale).format(value);
  if (typeof value === "string") return value;
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(value);
}

/** The message of `key` in `locale`, its placeholders filled; a missing parameter or term is a programming error. */
export function formatMessage<K extends string>(
  catalogues: Catalogues<K>,
  locale: Locale,
  key: K,
  params: MessageParams = {},
): string {
  const message = catalogues[locale][key];
  return message.replace(PLACEHOLDER, (_, term: string | undefined, name: string) => {
    if (term !== undefined) {
      if (!isTermId(name)) throw new Error(`${locale}/${key}: no glossary term ${name}`);
      return termText(name, locale);
    }
    const value = params[name];
    if (value === undefined) throw new Error(`${locale}/${key}: parameter ${name} not given`);
    return formatValue(value, locale);
  });
}

/** The placeholders of a message, sorted: both languages of a key must name the same ones. */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(PLACEHOLDER)].map((m) => `${m[1] ?? ""}${m[2] ?? ""}`).sort();
}

/** What is wrong with a set of catalogues: empty messages, unknown terms, placeholders that differ by language. */
export function catalogueProblems<K extends string>(catalogues: Catalogues<K>): string[] {
  const problems: string[] = [];
  const keys = Object.keys(catalogues.en) as K[];
  for (const key of keys) {
    const expected = placeholdersOf(catalogues.en[key]).join(",");
    for (const locale of Object.keys(catalogues) as Locale[]) {
      const message = catalogues[locale][key];
      if (typeof message !== "string" || message.trim() === "") problems.push(`${locale}/${key}: empty`);
      else if (placeholdersOf(message).join(",") !== expected)
        problems.push(`${locale}/${key}: placeholders ${placeholdersOf(message).join(",")} ≠ en ${expected}`);
      for (const name of placeholdersOf(message ?? "")) {
        if (name.startsWith("term:") && !isTermId(name.slice(5))) problems.push(`${locale}/${key}: unknown ${name}`);
      }
    }
  }
  return problems;
}
