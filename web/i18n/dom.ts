/**
 * The pages' static text from their catalogue. An element names its message with `data-i18n`
 * (its text) or `data-i18n-aria-label`; the HTML holds keys, never sentences. A message may mark
 * `code` and **strong** runs, and `{slot}` placeholders that keep the element's own child
 * `[data-slot=slot]` (an id the page fills), so word order can differ by language.
 */
import { formatMessage, type Catalogues } from "./catalogue.js";
import type { Locale } from "./locale.js";
import { keepLocale, readLocale, renderLanguageSwitch, type LocaleHost } from "./switch.js";

const RICH = /(`[^`]+`|\*\*[^*]+\*\*|\{[a-z_]+\})/;

function messageOf<K extends string>(catalogues: Catalogues<K>, locale: Locale, key: string, slots: string[]): string {
  if (!Object.hasOwn(catalogues.en, key)) throw new Error(`no message ${JSON.stringify(key)} in the page's catalogue`);
  // Slots pass through formatMessage as themselves, to be replaced by their elements below.
  return formatMessage(catalogues, locale, key as K, Object.fromEntries(slots.map((s) => [s, `{${s}}`])));
}

function fillRich(element: HTMLElement, message: string): void {
  const doc = element.ownerDocument;
  const slots = new Map<string, Element>();
  for (const child of Array.from(element.children))
    if (child instanceof HTMLElement && child.dataset.slot !== undefined) slots.set(child.dataset.slot, child);
  const nodes = message
    .split(RICH)
    .filter((part) => part !== "")
    .map((part): Node => {
      if (part.startsWith("`")) {
        const code = doc.createElement("code");
        code.textContent = part.slice(1, -1);
        return code;
      }
      if (part.startsWith("**")) {
        const strong = doc.createElement("strong");
        strong.textContent = part.slice(2, -2);
        return strong;
      }
      const slot = part.startsWith("{") ? slots.get(part.slice(1, -1)) : undefined;
      return slot ?? doc.createTextNode(part);
    });
  element.replaceChildren(...nodes);
}

/** Fills `element` with the message `key`, its `{slot}` placeholders taken by its `[data-slot]` children. */
export function fillElement<K extends string>(
  element: HTMLElement,
  catalogues: Catalogues<K>,
  locale: Locale,
  key: string,
): void {
  if (element.tagName === "TITLE") {
    element.textContent = messageOf(catalogues, locale, key, []);
    return;
  }
  const slots = Array.from(element.querySelectorAll<HTMLElement>(":scope > [data-slot]"), (s) => s.dataset.slot ?? "");
  fillRich(element, messageOf(catalogues, locale, key, slots));
}

/** Fills every `data-i18n` and `data-i18n-aria-label` under `root` in `locale`. */
export function fillStatic<K extends string>(root: ParentNode, catalogues: Catalogues<K>, locale: Locale): void {
  for (const element of Array.from(root.querySelectorAll<HTMLElement>("[data-i18n]")))
    fillElement(element, catalogues, locale, element.dataset.i18n ?? "");
  for (const element of Array.from(root.querySelectorAll<HTMLElement>("[data-i18n-aria-label]")))
    element.setAttribute("aria-label", messageOf(catalogues, locale, element.dataset.i18nAriaLabel ?? "", []));
}

/** Sets `element`'s text to `label` and a quotation kept in English (`lang="en"`), such as the contract's own reason. */
export function fillQuoted(element: HTMLElement, label: string, quote: string | null): void {
  const doc = element.ownerDocument;
  if (quote === null) {
    element.textContent = label;
    return;
  }
  const quoted = doc.createElement("span");
  quoted.lang = "en";
  quoted.textContent = quote;
  element.replaceChildren(doc.createTextNode(`${label} `), quoted);
}

/**
 * Opens the page in the reader's language and shows the switch in `place`. `apply` renders the
 * page in a locale; a choice is kept (address, storage, `<html lang>`) and re-rendered in place,
 * so the page's state survives it.
 */
export function mountLanguage(host: LocaleHost & Window, place: HTMLElement, apply: (locale: Locale) => void): Locale {
  const { locale } = readLocale(host);
  host.document.documentElement.lang = locale;
  apply(locale);
  const nav = renderLanguageSwitch(host.document, locale, (chosen) => {
    keepLocale(host, chosen);
    for (const button of Array.from(nav.querySelectorAll("button")))
      button.setAttribute("aria-pressed", String(button.lang === chosen));
    apply(chosen);
  });
  place.append(nav);
  return locale;
}
