/**
 * TEST SUPPORT: the report written into a temporary folder and opened from file:// in Debian's
 * Chromium (playwright-core), in a given language and viewport, and the checks its pages share: no
 * text left in the other language, no text overflowing its box. A browser that cannot start makes
 * every test fail saying so (not measured), never a skip.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { writeReport } from "../../scripts/report.js";
import { CHROMIUM_ARGS, chromiumPath, contextTracker } from "../../web/browser.js";
import type { Locale } from "../../web/i18n/locale.js";

export const EVIDENCE = join(import.meta.dirname, "..", "..", "evidence");
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

export type OpenOptions = {
  /** `?lang=` in the address; none lets storage and the browser decide. */
  readonly lang?: Locale;
  /** The browser's own language (navigator.languages). */
  readonly browserLocale?: string;
  readonly viewport?: { width: number; height: number };
};
export type Opened = { readonly page: Page; readonly errors: string[]; readonly url: string };

/** Starts Chromium for this test file; `open` writes the report from `evidenceDir` and opens it. */
export function useReport(): (evidenceDir: string, name: string, options?: OpenOptions) => Promise<Opened> {
  const temp = mkdtempSync(join(tmpdir(), "report-e2e-"));
  let browser: Browser | undefined;
  let failure = "";
  const opened = contextTracker();
  opened.closeAfterEach();
  beforeAll(async () => {
    try {
      browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
  }, paced(30_000));
  afterAll(async () => {
    await browser?.close();
    rmSync(temp, { recursive: true, force: true });
  });
  return async (evidenceDir, name, options = {}) => {
    if (browser === undefined) throw new Error(`Chromium did not start: ${failure}`);
    const { output } = writeReport(evidenceDir, join(temp, name, "index.html"));
    const context = await browser.newContext({
      reducedMotion: "reduce",
      viewport: options.viewport ?? { width: 1280, height: 900 },
      locale: options.browserLocale ?? "en-US",
    });
    opened.track(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    // Nothing but the file itself may load: any other request is recorded as an error.
    page.on(
      "request",
      (request) => void (request.url().startsWith("file:") || errors.push(`request: ${request.url()}`)),
    );
    const url = pathToFileURL(output).href + (options.lang === undefined ? "" : `?lang=${options.lang}`);
    await page.goto(url);
    return { page, errors, url };
  };
}

/**
 * Text shown in the other language than the page's. In zh-CN every visible text declared Chinese
 * (its nearest `lang` is zh-CN) must hold a CJK character unless it has no Latin letter (numbers,
 * marks) or is a code (`code`, `pre`, `translate="no"`); evidence prose is declared `lang="en"`.
 * Accessible names count too: aria-labels, SVG titles and descriptions, the window title. In English
 * nothing declared English may hold CJK. Either way no text of the other language may be visible.
 */
export function untranslated(page: Page, locale: Locale): Promise<string[]> {
  return page.evaluate((locale) => {
    const CJK = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
    const problems: string[] = [];
    const where = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}`;
    const wrong = (text: string) => (locale === "zh-CN" ? /[A-Za-z]/.test(text) && !CJK.test(text) : CJK.test(text));
    // The switch names each language in itself (English, 中文), whichever the page is in.
    const shown = (el: Element) => el.checkVisibility() && el.closest(".language-switch") === null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = (node.textContent ?? "").trim();
      if (el === null || text === "" || el.closest("script, style, title, desc")) continue;
      if (!shown(el) || el.closest('code, pre, [translate="no"]')) continue;
      if (el.closest("[lang]")?.getAttribute("lang") !== locale) continue;
      if (wrong(text)) problems.push(`${where(el)}: ${text}`);
    }
    const other = locale === "zh-CN" ? "en" : "zh-CN";
    for (const el of Array.from(document.querySelectorAll(`.l[lang="${other}"]`)))
      if (el.checkVisibility()) problems.push(`${where(el)} shows ${other}: ${el.textContent ?? ""}`);
    for (const el of Array.from(document.querySelectorAll("[aria-label]")))
      if (shown(el) && wrong(el.getAttribute("aria-label") ?? "") && !el.hasAttribute("data-label-verbatim"))
        problems.push(`${where(el)} aria-label: ${el.getAttribute("aria-label") ?? ""}`);
    for (const el of Array.from(document.querySelectorAll("svg > title, svg > desc")))
      if (el.parentElement?.checkVisibility() && wrong(el.textContent ?? ""))
        problems.push(`${where(el)}: ${el.textContent ?? ""}`);
    if (wrong(document.title)) problems.push(`window title: ${document.title}`);
    return problems;
  }, locale);
}

/**
 * Text overflowing its box: an element (not a scroll region, which scrolls by design) whose content
 * is wider than it, an SVG text outside its drawing, or the page itself scrolling sideways.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const where = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      if (!(el instanceof HTMLElement) || !el.checkVisibility()) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === "auto" || style.overflowX === "scroll" || style.display === "inline") continue;
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${where(el)}: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    for (const svg of Array.from(document.querySelectorAll("svg"))) {
      if (!svg.checkVisibility()) continue;
      const box = svg.getBoundingClientRect();
      for (const text of Array.from(svg.querySelectorAll("text"))) {
        const r = text.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1)
          problems.push(`svg ${svg.id} ${where(text)} leaves its drawing`);
      }
    }
    return problems;
  });
}
