/** Locale choice, message formatting and the catalogue checks, in Node (the pages' Chromium tests use them). */
import { describe, expect, it } from "vitest";
import { catalogueProblems, formatMessage, GLOSSARY, resolveLocale, type Catalogue, type Catalogues } from "./index.js";

const en = {
  steps: "{count} steps of {max}",
  tools: "Tools: {names}",
  stopped: "Stopped in {term:reconcile_required}",
} as const;
type Key = keyof typeof en;
const zhCN: Catalogue<Key> = {
  steps: "第 {count} 步，共 {max} 步",
  tools: "工具：{names}",
  stopped: "停在{term:reconcile_required}",
};
const catalogues: Catalogues<Key> = { en, "zh-CN": zhCN };

// @ts-expect-error a catalogue that lacks a key of the English one does not type-check
const incomplete: Catalogue<Key> = { steps: "{count}/{max}", tools: "{names}" };
void incomplete;

describe("resolveLocale", () => {
  it.each([
    [{ query: "zh-CN", stored: "en", languages: ["en-US"] }, "zh-CN", "address"],
    [{ query: "xx", stored: "zh-CN", languages: ["en-US"] }, "zh-CN", "storage"],
    [{ query: null, stored: null, languages: ["fr-FR", "zh-TW", "en"] }, "zh-CN", "browser"],
    [{ query: null, stored: null, languages: ["en-GB"] }, "en", "browser"],
    [{ query: null, stored: "de", languages: ["fr"] }, "en", "default"],
  ])("%j opens in %s (from the %s)", (sources, locale, from) => {
    expect(resolveLocale(sources)).toEqual({ locale, from });
  });
});

describe("formatMessage", () => {
  it("fills parameters, formatting numbers for the locale", () => {
    expect(formatMessage(catalogues, "en", "steps", { count: 1200, max: 5000 })).toBe("1,200 steps of 5,000");
    expect(formatMessage(catalogues, "zh-CN", "steps", { count: 3, max: 8 })).toBe("第 3 步，共 8 步");
  });

  it("joins lists the locale's way", () => {
    expect(formatMessage(catalogues, "en", "tools", { names: ["a", "b", "c"] })).toBe("Tools: a, b, and c");
    expect(formatMessage(catalogues, "zh-CN", "tools", { names: ["a", "b", "c"] })).toContain("和");
  });

  it("names a glossary term in the course's words, with its code beside it", () => {
    expect(formatMessage(catalogues, "zh-CN", "stopped")).toBe(
      `停在${GLOSSARY.reconcile_required["zh-CN"]} (reconcile_required)`,
    );
    expect(formatMessage(catalogues, "en", "stopped")).toBe("Stopped in reconcile required (reconcile_required)");
  });

  it("refuses a missing parameter", () => {
    expect(() => formatMessage(catalogues, "en", "steps", { count: 1 })).toThrow(/parameter max/);
  });
});

describe("catalogueProblems", () => {
  it("finds nothing wrong in matching catalogues", () => {
    expect(catalogueProblems(catalogues)).toEqual([]);
  });

  it("finds a placeholder one language lost, an empty message and an unknown term", () => {
    const broken: Catalogues<Key> = {
      en,
      "zh-CN": { steps: "第 {count} 步", tools: " ", stopped: "停在{term:nowhere}" },
    };
    expect(catalogueProblems(broken)).toEqual([
      "zh-CN/steps: placeholders count ≠ en count,max",
      "zh-CN/tools: empty",
      "zh-CN/stopped: placeholders term:nowhere ≠ en term:reconcile_required",
      "zh-CN/stopped: unknown term:nowhere",
    ]);
  });
});
