/**
 * TEST SUPPORT (never bundled): what the Chromium tests check of a page in each language. No raw
 * catalogue key or unfilled placeholder anywhere; in Chinese, every visible text outside code
 * (`code`, `pre`, `[translate=no]`, an element in another `lang`) has a Han character or is made
 * only of code-like tokens (identifiers with `_` `/` `.` or digits, numbers, acronyms,
 * punctuation), so a single English word left in the page fails (the switch, which names itself
 * in both languages, aside); in English, no Han outside a
 * Chinese `lang`. And no text overflowing its box, nor the page scrolling sideways, at both sizes.
 */
import type { Page } from "playwright-core";
import type { Locale } from "./i18n/index.js";

export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Texts, attributes and the title that are not in `locale`, or that show a raw key: "where: text" lines. */
export async function untranslated(page: Page, locale: Locale, keys: readonly string[]): Promise<string[]> {
  return page.evaluate(
    ({ locale, keys }) => {
      const han = /\p{Script=Han}/u;
      const edge = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
      const codeLike = (token: string): boolean => {
        const bare = token.replace(edge, "");
        return (
          bare === "" ||
          /^[\d.,%]+$/.test(bare) ||
          /^[A-Z]{2,}(-[A-Z]+)*$/.test(bare) ||
          (/[_/.:#\d]/.test(bare) && /^[\w.:/#@-]+$/.test(bare))
        );
      };
      const inLocale = (text: string): boolean =>
        locale === "zh-CN" ? han.test(text) || text.split(/\s+/).every(codeLike) : !han.test(text);
      const otherLanguage = (element: Element): boolean => {
        const lang = element.closest("[lang]")?.getAttribute("lang") ?? locale;
        return !lang.startsWith(locale === "zh-CN" ? "zh" : "en");
      };
      // The switch names itself in both languages on purpose, so a reader of either finds it.
      const exempt = (element: Element): boolean =>
        element.closest("code, kbd, pre, samp, script, style, [translate='no'], .language-switch") !== null ||
        otherLanguage(element);
      const visible = (element: Element): boolean => {
        const box = element instanceof HTMLOptionElement ? element.closest("select") : element;
        return box !== null && box.checkVisibility({ checkVisibilityCSS: true });
      };
      const problems: string[] = [];
      const check = (where: string, text: string, element: Element | null) => {
        const trimmed = text.trim();
        if (trimmed === "") return;
        const raw = keys.find((key) => trimmed.includes(key));
        if (raw !== undefined) problems.push(`${where}: raw key ${raw} in ${JSON.stringify(trimmed)}`);
        else if (/\{[a-z_:]+\}/i.test(trimmed))
          problems.push(`${where}: unfilled placeholder in ${JSON.stringify(trimmed)}`);
        else if ((element === null || !exempt(element)) && !inLocale(trimmed))
          problems.push(`${where}: not ${locale}: ${JSON.stringify(trimmed)}`);
      };
      check("title", document.title, null);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent === null || !visible(parent)) continue;
        const id = parent.closest("[id]")?.id ?? "";
        check(`${parent.tagName.toLowerCase()}${id === "" ? "" : ` in #${id}`}`, node.textContent ?? "", parent);
      }
      for (const element of Array.from(document.querySelectorAll("[aria-label], [title], [placeholder]")))
        for (const name of ["aria-label", "title", "placeholder"]) {
          const value = element.getAttribute(name);
          if (value !== null) check(`${element.tagName.toLowerCase()}[${name}]`, value, element);
        }
      return problems;
    },
    { locale, keys },
  );
}

/** Elements whose text is wider than their box, and a page that scrolls sideways, at the viewport as it is. */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > window.innerWidth)
      problems.push(`the page scrolls sideways: ${scrollWidth} > ${window.innerWidth}`);
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      if (!element.checkVisibility({ checkVisibilityCSS: true })) continue;
      // The live region is clipped to a pixel on purpose; scroll boxes (tables, JSON) scroll by design.
      if (element.closest(".visually-hidden, .skip") !== null) continue;
      const css = getComputedStyle(element);
      if (css.display === "inline" || css.display === "contents") continue;
      if (css.overflowX === "auto" || css.overflowX === "scroll") continue;
      // Only boxes that lay out text themselves: a direct text or an inline child (a scaled pill's list item is not one).
      const lays = Array.from(element.childNodes).some((child) =>
        child instanceof Text
          ? child.textContent?.trim() !== ""
          : child instanceof Element && getComputedStyle(child).display === "inline",
      );
      if (!lays || element.textContent?.trim() === "") continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        const name = `${element.tagName.toLowerCase()}${element.id === "" ? "" : `#${element.id}`}`;
        problems.push(
          `${name} (${element.scrollWidth} > ${element.clientWidth}): ${element.textContent?.trim().slice(0, 60)}`,
        );
      }
    }
    return problems;
  });
}

/** Both checks at both sizes (the viewport is left at the first size): each problem prefixed by its size. */
export async function languageProblems(page: Page, locale: Locale, keys: readonly string[]): Promise<string[]> {
  const problems = (await untranslated(page, locale, keys)).map((p) => `${locale}: ${p}`);
  for (const size of [...VIEWPORTS].reverse()) {
    await page.setViewportSize(size);
    problems.push(...(await overflowing(page)).map((p) => `${locale} ${size.width}×${size.height}: ${p}`));
  }
  return problems;
}
