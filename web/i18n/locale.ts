/**
 * Which language a page opens in: the address (`?lang=zh-CN`) first, then the reader's last choice
 * (localStorage), then the browser's languages, then English. Pure: the page passes in what it read.
 */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];

export const LOCALE_PARAM = "lang";
export const LOCALE_STORAGE_KEY = "agent-harness.lang";
export const DEFAULT_LOCALE: Locale = "en";

/** A BCP 47 tag as one of the page's locales: any Chinese tag reads the Chinese catalogue, any English one English. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (tag === null || tag === undefined) return null;
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (language === "zh") return "zh-CN";
  if (language === "en") return "en";
  return null;
}

export type LocaleSources = {
  /** The `lang` parameter of the address, if any. */
  readonly query: string | null;
  readonly stored: string | null;
  /** `navigator.languages`, most preferred first. */
  readonly languages: readonly string[];
};

export type ResolvedLocale = { readonly locale: Locale; readonly from: "address" | "storage" | "browser" | "default" };

export function resolveLocale(sources: LocaleSources): ResolvedLocale {
  const fromQuery = matchLocale(sources.query);
  if (fromQuery !== null) return { locale: fromQuery, from: "address" };
  const fromStorage = matchLocale(sources.stored);
  if (fromStorage !== null) return { locale: fromStorage, from: "storage" };
  for (const language of sources.languages) {
    const matched = matchLocale(language);
    if (matched !== null) return { locale: matched, from: "browser" };
  }
  return { locale: DEFAULT_LOCALE, from: "default" };
}
