/**
 * The report's two languages in Chromium, opened from file://: every state of the page (as it
 * opens, a family filtered out, every chart's numbers opened, a failing cell shown) in each
 * language at 1280×800 and 390×844, with no text of the other language, none overflowing its box,
 * and axe-core clean; and the switch (中文 / English), which sets <html lang>, the text and the
 * address, and which a reload keeps.
 */
import { describe, expect, it } from "vitest";
import { paced } from "../setup/pace.js";
import type { Page } from "playwright-core";
import { seriousViolations } from "../../web/browser.js";
import { LOCALES, type Locale } from "../../web/i18n/locale.js";
import { EVIDENCE, overflowing, untranslated, useReport, VIEWPORTS } from "./report-browser.js";

const open = useReport();

/** The states a reader can put the page in, one after the other. */
const STATES: readonly { name: string; reach(page: Page): Promise<void> }[] = [
  { name: "as it opens", reach: async () => {} },
  {
    name: "a family filtered out",
    reach: async (page) => {
      await page.locator('#family-filters input[value="parallel"]').uncheck();
      await expect(page.locator('#verdicts tr[data-family="parallel"]:not([hidden])').count()).resolves.toBe(0);
    },
  },
  {
    name: "every chart's numbers opened",
    reach: async (page) => {
      // Every drawer open, the verdict families' included (one of them sits in a language the page hides).
      await page.locator("details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
      await expect(page.locator("details:not([open])").count()).resolves.toBe(0);
    },
  },
];

describe.each(LOCALES)("the report in %s", { timeout: paced(180_000) }, (lang: Locale) => {
  it("shows every state in that language only, nothing overflowing at 1280×800 and 390×844, axe clean", async () => {
    const problems: string[] = [];
    for (const viewport of VIEWPORTS) {
      const { page, errors } = await open(EVIDENCE, `states-${lang}-${viewport.width}`, { lang, viewport });
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(lang);
      // The committed evidence has failing cells: once a reader opens their family (the long table is collapsed by
      // family), their expected signal and violations are shown.
      const failing = page
        .locator("#verdicts details")
        .filter({ has: page.locator("td.fails") })
        .first();
      await failing.locator("summary").click();
      await expect(failing.locator("td.fails .why").first().isVisible()).resolves.toBe(true);
      for (const state of STATES) {
        await state.reach(page);
        const at = `${viewport.width}×${viewport.height}, ${state.name}`;
        problems.push(...(await untranslated(page, lang)).map((p) => `${at}: untranslated ${p}`));
        problems.push(...(await overflowing(page)).map((p) => `${at}: overflows ${p}`));
      }
      problems.push(...(await seriousViolations(page)).map((v) => `${viewport.width}: axe ${v}`));
      problems.push(...errors);
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});

describe("the language switch", { timeout: paced(90_000) }, () => {
  it("opens in the browser's language, switches text and <html lang>, and a reload keeps the choice", async () => {
    const { page, errors } = await open(EVIDENCE, "switch", { browserLocale: "zh-CN" });
    const h1 = page.locator("h1");
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("zh-CN");
    await expect(h1.innerText()).resolves.toMatch(/证据报告/);
    await expect(page.getByRole("button", { name: "中文" }).getAttribute("aria-pressed")).resolves.toBe("true");

    await page.getByRole("button", { name: "English" }).click();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("en");
    await expect(h1.innerText()).resolves.toBe("Agent harness: the evidence report");
    await expect(page.title()).resolves.toBe("Agent harness: the evidence report");
    await expect(page.getByRole("button", { name: "English" }).getAttribute("aria-pressed")).resolves.toBe("true");
    // The focus stays on the switch, on the language just chosen.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("English");
    expect(new URL(page.url()).searchParams.get("lang")).toBe("en");
    expect(await untranslated(page, "en")).toEqual([]);

    await page.reload();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("en");
    // Without ?lang= the stored choice still beats the browser's Chinese.
    await page.goto(page.url().replace(/\?.*$/, ""));
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("en");
    await expect(h1.innerText()).resolves.toBe("Agent harness: the evidence report");

    await page.getByRole("button", { name: "中文" }).click();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("zh-CN");
    await expect(page.locator("#matrix-h").innerText()).resolves.toBe("判定矩阵");
    await expect(page.locator("header nav:not(.language-switch)").getAttribute("aria-label")).resolves.toBe("各节");
    expect(await untranslated(page, "zh-CN")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("keeps the filter count in the language chosen after the filter was used", async () => {
    const { page, errors } = await open(EVIDENCE, "switch-filters", { lang: "en" });
    const total = await page.locator("#verdicts tbody tr").count();
    const seedFaults = await page.locator('#verdicts tbody tr[data-family="fault"]').count();
    await page.locator('#family-filters input[value="fault"]').uncheck();
    await page.getByRole("button", { name: "中文" }).click();
    await expect(page.locator("#matrix-shown").innerText()).resolves.toBe(
      `显示 ${total - seedFaults} 列，共 ${total} 列`,
    );
    expect(errors).toEqual([]);
  });
});
