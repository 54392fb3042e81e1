/**
 * The report's one script, bundled by esbuild into the page (page.ts): it picks the language with
 * the pages' own switch (web/i18n/switch.ts: address, then storage, then browser), sets <html lang>
 * (the CSS then shows that language), puts each aria-label and the title in it, and runs the
 * matrix's family filters, whose live count it formats in both languages.
 */
import { formatMessage, type Catalogues } from "../../web/i18n/catalogue.js";
import { LOCALES, type Locale } from "../../web/i18n/locale.js";
import { keepLocale, readLocale, renderLanguageSwitch } from "../../web/i18n/switch.js";
import { CLIENT_MESSAGES_ID, type ClientKey } from "./client-keys.js";

const SWITCH_ID = "language-switch";
const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

function messages(): Catalogues<ClientKey> {
  return JSON.parse(document.getElementById(CLIENT_MESSAGES_ID)?.textContent ?? "") as Catalogues<ClientKey>;
}

function show(locale: Locale): void {
  document.title = formatMessage(messages(), locale, "page.title");
  for (const element of Array.from(document.querySelectorAll("[data-label-en]"))) {
    const text = element.getAttribute(`data-label-${locale.toLowerCase()}`);
    if (text !== null) element.setAttribute("aria-label", text);
  }
}

function mountSwitch(locale: Locale): void {
  const nav = renderLanguageSwitch(document, locale, choose);
  nav.id = SWITCH_ID;
  document.getElementById(SWITCH_ID)?.replaceWith(nav);
}

function choose(locale: Locale): void {
  keepLocale(window, locale);
  show(locale);
  mountSwitch(locale);
  document.querySelector<HTMLElement>(`#${SWITCH_ID} button[lang="${locale}"]`)?.focus();
}

/** Hides the rows (and each family's box) whose family is unticked and says, in each language, how many show. */
function filters(): void {
  const box = document.getElementById("family-filters");
  const shown = document.getElementById("matrix-shown");
  if (box === null || shown === null) return;
  const rows = Array.from(document.querySelectorAll<HTMLTableRowElement>("#verdicts tbody tr"));
  const catalogue = messages();
  box.addEventListener("change", () => {
    const on = new Set(Array.from(box.querySelectorAll<HTMLInputElement>("input:checked"), (input) => input.value));
    let count = 0;
    for (const row of rows) {
      row.hidden = !on.has(row.dataset["family"] ?? "");
      if (!row.hidden) count += 1;
    }
    for (const family of Array.from(document.querySelectorAll<HTMLElement>("#verdicts details[data-family]")))
      family.hidden = !on.has(family.dataset["family"] ?? "");
    for (const span of Array.from(shown.querySelectorAll<HTMLElement>(".l[lang]")))
      if (isLocale(span.lang))
        span.textContent = formatMessage(catalogue, span.lang, "matrix.shown", { shown: count, total: rows.length });
  });
}

// Set before the body is parsed, so that the page never shows in the other language first.
const initial = readLocale(window).locale;
document.documentElement.lang = initial;
document.addEventListener("DOMContentLoaded", () => {
  show(initial);
  mountSwitch(initial);
  filters();
});
