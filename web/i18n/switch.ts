/**
 * The language switch every page shows (中文 / English) and the one place a page reads and keeps
 * its language: the address (`?lang=`), then localStorage, then the browser. The page passes in
 * the few browser objects it has, so the report opened from file:// and the tests use the same code.
 */
import {
  LOCALE_PARAM,
  LOCALE_STORAGE_KEY,
  LOCALES,
  resolveLocale,
  type Locale,
  type ResolvedLocale,
} from "./locale.js";

/** Each language named in itself, as a reader looking for their own language expects. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: "English", "zh-CN": "中文" };

/** What a page needs from the browser to read and keep its language. */
export type LocaleHost = {
  readonly location: { readonly href: string };
  readonly navigator: { readonly languages?: readonly string[]; readonly language?: string };
  readonly localStorage?: Pick<Storage, "getItem" | "setItem">;
  readonly history?: Pick<History, "replaceState" | "state">;
  readonly document: { readonly documentElement: { lang: string } };
};

function storedLocale(host: LocaleHost): string | null {
  try {
    return host.localStorage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    // Storage refused (privacy settings, some file:// pages): the address and the browser still decide.
    return null;
  }
}

/** The page's language at load, and where it came from. */
export function readLocale(host: LocaleHost): ResolvedLocale {
  const query = new URL(host.location.href).searchParams.get(LOCALE_PARAM);
  const { languages, language } = host.navigator;
  const browser = languages !== undefined && languages.length > 0 ? languages : language ? [language] : [];
  return resolveLocale({ query, stored: storedLocale(host), languages: browser });
}

/** Keeps `locale`: `<html lang>`, localStorage and the address, so a reload or a shared link opens in it. */
export function keepLocale(host: LocaleHost, locale: Locale): void {
  host.document.documentElement.lang = locale;
  try {
    host.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not kept across visits; the address below still carries it.
  }
  const url = new URL(host.location.href);
  url.searchParams.set(LOCALE_PARAM, locale);
  try {
    host.history?.replaceState(host.history.state, "", url.toString());
  } catch {
    // Some file:// pages refuse to rewrite their address; the choice still holds for this visit.
  }
}

/** The switch: one button per language, the current one pressed; choosing calls `onChoose`. */
export function renderLanguageSwitch(doc: Document, current: Locale, onChoose: (locale: Locale) => void): HTMLElement {
  const nav = doc.createElement("nav");
  nav.className = "language-switch";
  nav.setAttribute("aria-label", "Language · 语言");
  for (const locale of LOCALES) {
    const button = doc.createElement("button");
    button.type = "button";
    button.lang = locale;
    button.textContent = LOCALE_NAMES[locale];
    button.setAttribute("aria-pressed", String(locale === current));
    button.addEventListener("click", () => onChoose(locale));
    nav.append(button);
  }
  return nav;
}
