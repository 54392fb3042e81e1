/** The teaching pages' catalogues: complete, consistent, in the course's words, and every key the HTML names exists. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogueProblems, type Catalogues, FLOW_CATALOGUES, GLOSSARY, keysOf, LOOP_CATALOGUES } from "./index.js";

const WEB = join(import.meta.dirname, "..");

/** The keys an HTML page names in `data-i18n` and `data-i18n-aria-label`. */
function keysInHtml(file: string): string[] {
  const html = readFileSync(join(WEB, file), "utf8");
  return [...html.matchAll(/data-i18n(?:-aria-label)?="([^"]+)"/g)].map((m) => m[1] ?? "");
}

function describeCatalogues<K extends string>(page: string, html: string, catalogues: Catalogues<K>): void {
  describe(`the ${page} page's catalogues`, () => {
    it("have no empty message, unknown term or placeholder that differs by language", () => {
      expect(catalogueProblems(catalogues)).toEqual([]);
    });

    it("have every key the HTML names", () => {
      const named = keysInHtml(html);
      expect(named.length).toBeGreaterThan(10);
      const keys = new Set<string>(keysOf(catalogues));
      expect(named.filter((key) => !keys.has(key))).toEqual([]);
    });

    it("say every Chinese message in Chinese: each has a Han character", () => {
      const english = keysOf(catalogues).filter((key) => !/\p{Script=Han}/u.test(catalogues["zh-CN"][key]));
      expect(english).toEqual([]);
    });
  });
}
describeCatalogues("loop", "index.html", LOOP_CATALOGUES);
describeCatalogues("flow", "flow.html", FLOW_CATALOGUES);

describe("the course's words", () => {
  it("name the loop's waits and keys as the chapter does", () => {
    const zh = LOOP_CATALOGUES["zh-CN"];
    expect(zh["phase.reconcile_required"]).toBe(GLOSSARY.reconcile_required["zh-CN"]);
    expect(zh["loop.idemKey"]).toBe(GLOSSARY.idempotency_key["zh-CN"]);
    expect(zh["loop.checkpoint"]).toContain("检查点");
    expect(zh["phase.approval_required"]).toContain(GLOSSARY.human_approval["zh-CN"]);
    expect(FLOW_CATALOGUES["zh-CN"]["step.policy"]).toContain(GLOSSARY.human_approval["zh-CN"]);
  });
});
