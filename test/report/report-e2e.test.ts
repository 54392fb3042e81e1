/**
 * The report in headless Chromium (Debian's chromium, driven by playwright-core), opened from
 * file:// as a reader would: the matrix is checked cell by cell against the comparison evidence
 * read here, every drawing must have rendered, the filters work from the keyboard, and axe-core
 * finds nothing serious; all of it in each language. Without a Chromium this file is left out and named
 * on the run's `not measured:` line (under CI=true that fails the run). The language checks themselves are in report-lang-e2e.test.ts.
 */
import { EXPECTATIONS_ZH, EXPECTED_ZH } from "../../scripts/report/messages-expectations-zh.js";
import { paced } from "../setup/pace.js";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../../web/browser.js";
import { LOCALES, type Locale } from "../../web/i18n/locale.js";
import { EVIDENCE, useReport } from "./report-browser.js";

const open = useReport();
const temp = mkdtempSync(join(tmpdir(), "report-evidence-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

type Behaviour = "holds" | "fails" | "error" | "not_measured";
type Verdict = { behaviour: Behaviour } | null;
type Row = { name: string; expected: string; verdict: { handwritten: Verdict; framework: Verdict } };
type Evidence = {
  framework: string;
  scenarios: Row[];
  graph: { nodes: number; edges: number; conditional_edges: number };
};

/** The comparison files as the test reads them: every version, then the newest per framework. */
function comparisons(dir: string): Evidence[] {
  const newest = new Map<string, { v: number; file: string }>();
  for (const file of readdirSync(dir)) {
    const m = /^13-framework-comparison-(.+)-v(\d+)\.json$/.exec(file);
    if (m !== null && (newest.get(m[1] ?? "")?.v ?? 0) < Number(m[2]))
      newest.set(m[1] ?? "", { v: Number(m[2]), file });
  }
  return [...newest.values()].map(({ file }) => JSON.parse(readFileSync(join(dir, file), "utf8")) as Evidence);
}

/** The verdicts as a reader of each language reads them (the course's words), written here, not read from the code. */
const WORDS = {
  en: { holds: "holds", fails: "fails", error: "error", not_measured: "not measured" },
  "zh-CN": { holds: "成立", fails: "不成立", error: "出错", not_measured: "未测量" },
} as const;
const wordFor = (lang: Locale, v: Verdict) => WORDS[lang][v?.behaviour ?? "not_measured"];

/** The long table is collapsed by family: a reader opens every family to read it. */
const expandFamilies = (page: Page) =>
  page.locator("#verdicts details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
const SHOWN = {
  en: (shown: number, total: number) => `${shown} of ${total} columns shown`,
  "zh-CN": (shown: number, total: number) => `显示 ${shown} 列，共 ${total} 列`,
} as const;
const PARALLEL = { en: /^parallel/, "zh-CN": /^并行/ } as const;

const cellOf = (page: Page, column: string, engine: string) =>
  page.locator(`#verdicts tr[data-column="${column}"] td[data-engine="${engine}"]`);
/** The verdict word a cell shows (the other language's is hidden). */
const wordOf = async (page: Page, column: string, engine: string) =>
  (await cellOf(page, column, engine).locator(".word").innerText()).trim();
/**
 * Every cell's shown words at once, `column engine` → the texts of its `.word` elements: one round trip to the
 * browser, where a locator per cell took one each (~900 of them: most of this file's time).
 */
const allWords = async (page: Page): Promise<Map<string, string[]>> => {
  const cells = await page
    .locator("#verdicts tr[data-column] td[data-engine]")
    .evaluateAll((tds) =>
      tds.map((td) => [
        `${(td.closest("tr") as HTMLElement).dataset["column"]} ${(td as HTMLElement).dataset["engine"]}`,
        Array.from(td.querySelectorAll<HTMLElement>(".word"), (word) => word.innerText.trim()),
      ]),
    );
  const words = new Map(cells as [string, string[]][]);
  expect(words.size, "a column and engine has one cell").toBe(cells.length);
  return words;
};

// The axe scan alone takes seconds on a shared two-core machine.
describe.each(LOCALES)(
  "the evidence report in headless Chromium, in %s",
  { timeout: paced(90_000) },
  (lang: Locale) => {
    it("shows every engine's verdict on every column as the evidence records it, in words", async () => {
      const { page, errors } = await open(EVIDENCE, `as-recorded-${lang}`, { lang });
      await expandFamilies(page);
      const words = await allWords(page);
      const files = comparisons(EVIDENCE);
      expect(files.length).toBeGreaterThanOrEqual(2);
      const columns = new Set<string>();
      for (const evidence of files) {
        for (const row of evidence.scenarios) {
          columns.add(row.name);
          for (const [engine, verdict] of [
            ["handwritten", row.verdict.handwritten],
            [evidence.framework, row.verdict.framework],
          ] as const) {
            // Text, not only colour, says the verdict.
            expect(words.get(`${row.name} ${engine}`), `${row.name} on ${engine}`).toEqual([wordFor(lang, verdict)]);
          }
        }
      }
      // The engines only the framework matrix measured (the framework variants), read from its JSON.
      const matrix = JSON.parse(readFileSync(join(EVIDENCE, "framework-matrix-v1.json"), "utf8")) as {
        columns: { name: string; engines: Record<string, { behaviour: Behaviour }> }[];
      };
      const compared = new Set(["handwritten", ...files.map((f) => f.framework)]);
      const variants = [...new Set(matrix.columns.flatMap((c) => Object.keys(c.engines)))].filter(
        (e) => !compared.has(e),
      );
      expect(variants.length).toBeGreaterThan(0);
      for (const column of matrix.columns.filter((c) => columns.has(c.name)))
        for (const engine of variants) {
          const word = wordFor(lang, column.engines[engine] ?? null);
          expect(words.get(`${column.name} ${engine}`), `${column.name} on ${engine}`).toEqual([word]);
        }
      await expect(page.locator("#verdicts tbody tr").count()).resolves.toBe(columns.size);
      const headers = await page.locator("#verdicts details").first().locator("thead th").allInnerTexts();
      expect(headers.slice(1).sort()).toEqual([...compared, ...variants].sort());
      expect(errors).toEqual([]);
    });

    it("has rendered every drawing: each graph with the evidence's nodes and edges, each chart with its marks", async () => {
      const { page, errors } = await open(EVIDENCE, `drawings-${lang}`, { lang });
      for (const evidence of comparisons(EVIDENCE)) {
        // Each drawing is in the page once per language; the one shown is the page's.
        const graph = page.locator(`.graph[data-engine="${evidence.framework}"] .l[lang="${lang}"] svg.flowchart`);
        await expect(graph.count()).resolves.toBe(1);
        // __start__ and __end__ are drawn besides the graph's own nodes.
        await expect(graph.locator("g.node").count()).resolves.toBe(evidence.graph.nodes + 2);
        await expect(graph.locator("path.edge").count()).resolves.toBe(evidence.graph.edges);
        await expect(graph.locator("path.edge.conditional").count()).resolves.toBe(evidence.graph.conditional_edges);
      }
      const charts = page.locator(`.l[lang="${lang}"] > svg.chart`);
      await expect(charts.count()).resolves.toBe(4);
      for (const chart of await charts.all()) await expect(chart.isVisible()).resolves.toBe(true);
      // Each chart names its run and machine, as the newest bench file records them.
      const benchFile = readdirSync(EVIDENCE)
        .filter((f) => /^bench-v\d+\.json$/.test(f))
        .sort((a, b) => Number(/\d+/.exec(b)?.[0]) - Number(/\d+/.exec(a)?.[0]))[0];
      const bench = JSON.parse(readFileSync(join(EVIDENCE, benchFile ?? ""), "utf8")) as {
        commit: string;
        machine: { cpu_model: string; cores: number };
      };
      const runs = await page.locator("figure.chart-figure figcaption .run").allInnerTexts();
      const cores = { en: `, ${bench.machine.cores} cores`, "zh-CN": `，${bench.machine.cores} 核` }[lang];
      expect(runs).toHaveLength(4);
      for (const run of runs) {
        expect(run).toContain(benchFile);
        expect(run).toContain(bench.commit.slice(0, 7));
        expect(run).toContain(`${bench.machine.cpu_model}${cores}`);
      }
      // Opened with prefers-reduced-motion: reduce, nothing scrolls smoothly.
      await expect(page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).resolves.toBe(
        "auto",
      );
      for (const svg of await page.locator(`.l[lang="${lang}"] > svg`).all()) {
        const box = await svg.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(50);
        expect(box?.height ?? 0).toBeGreaterThan(50);
        // A drawing rendered when its marks take up room, not only when its element exists.
        const drawn = await svg.evaluate(
          (el) =>
            Array.from(el.querySelectorAll("rect, polyline, path.edge")).filter((m) => {
              const b = (m as SVGGraphicsElement).getBBox();
              // A bar or a box needs both sides; a line only its length (a straight edge is 0 wide).
              return m.tagName === "rect" ? b.width > 0 && b.height > 0 : b.width + b.height > 0;
            }).length,
        );
        expect(drawn).toBeGreaterThan(2);
      }
      expect(errors).toEqual([]);
    });

    it("filters the matrix by column family from the keyboard, and axe-core finds nothing serious", async () => {
      const { page, errors } = await open(EVIDENCE, `filters-${lang}`, { lang });
      const rows = page.locator("#verdicts tbody tr");
      const total = await rows.count();
      const parallel = await page.locator('#verdicts tbody tr[data-family="parallel"]').count();
      expect(parallel).toBeGreaterThan(0);
      await page.getByRole("checkbox", { name: PARALLEL[lang] }).focus();
      await page.keyboard.press("Space");
      await expect(page.locator("#verdicts tbody tr:not([hidden])").count()).resolves.toBe(total - parallel);
      await expect(page.locator('#verdicts tbody tr[data-family="parallel"]:not([hidden])').count()).resolves.toBe(0);
      expect(await page.locator("#matrix-shown").innerText()).toBe(SHOWN[lang](total - parallel, total));
      await page.keyboard.press("Space");
      await expect(page.locator("#verdicts tbody tr:not([hidden])").count()).resolves.toBe(total);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });

    it("shows a failing cell's expected signal and violated expectations", async () => {
      const dir = join(temp, `evidence-broken-${lang}`);
      cpSync(EVIDENCE, dir, { recursive: true, filter: (src) => !src.startsWith(join(EVIDENCE, "report")) });
      const file = readdirSync(dir).find((f) => /^13-framework-comparison-langgraph-v\d+\.json$/.test(f)) ?? "";
      const evidence = JSON.parse(readFileSync(join(dir, file), "utf8")) as Evidence & {
        scenarios: Record<string, unknown>[];
      };
      const broken = evidence.scenarios[0] as unknown as Row;
      broken.verdict.framework = {
        behaviour: "fails",
        vocabulary: "conforms",
        violations: [{ kind: "behaviour", expectation: "the invalid write reached the executor", observed: "1" }],
      } as Verdict;
      writeFileSync(join(dir, file), JSON.stringify(evidence));
      const { page, errors } = await open(dir, `broken-${lang}`, { lang });
      await expandFamilies(page);
      const cell = cellOf(page, broken.name, "langgraph");
      await expect(cell.getAttribute("data-verdict")).resolves.toBe("fails");
      const text = await cell.innerText();
      expect(await wordOf(page, broken.name, "langgraph")).toBe(WORDS[lang].fails);
      // Each text in the page's own language: the Chinese page says the expected signal and the violation in Chinese.
      const say = (english: string, table: Readonly<Record<string, string>>) =>
        lang === "en" ? english : (table[english] ?? `no Chinese for: ${english}`);
      expect(text).toContain(say(broken.expected, EXPECTED_ZH));
      expect(text).toContain(say("the invalid write reached the executor", EXPECTATIONS_ZH));
      await expect(wordOf(page, broken.name, "handwritten")).resolves.toBe(WORDS[lang].holds);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  },
);
