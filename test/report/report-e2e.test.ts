/**
 * The report in headless Chromium (Debian's chromium, driven by playwright-core), opened from
 * file:// as a reader would: the matrix is checked cell by cell against the comparison evidence
 * read here, every drawing must have rendered, the filters work from the keyboard, and axe-core
 * finds nothing serious. Without /usr/bin/chromium this FAILS, it is never skipped.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeReport } from "../../scripts/report.js";
import { CHROMIUM, CHROMIUM_ARGS, seriousViolations } from "../../web/browser.js";

const EVIDENCE = join(import.meta.dirname, "..", "..", "evidence");
const temp = mkdtempSync(join(tmpdir(), "report-e2e-"));
let browser: Browser | undefined;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}, 30_000);
afterAll(async () => {
  await browser?.close();
  rmSync(temp, { recursive: true, force: true });
});

type Row = { name: string; expected: string; holds: { handwritten: boolean; framework: boolean | null } };
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

const WORDS = { true: "holds", false: "fails", null: "not measured" } as const;

async function open(evidenceDir: string, name: string): Promise<{ page: Page; errors: string[] }> {
  if (browser === undefined) throw new Error(`${CHROMIUM} did not start`);
  const { output } = writeReport(evidenceDir, join(temp, name, "index.html"));
  const context = await browser.newContext({ reducedMotion: "reduce", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  // Nothing but the file itself may load: any other request is recorded as an error.
  page.on("request", (request) => void (request.url().startsWith("file:") || errors.push(`request: ${request.url()}`)));
  await page.goto(pathToFileURL(output).href);
  return { page, errors };
}

const cellOf = (page: Page, column: string, engine: string) =>
  page.locator(`#verdicts tr[data-column="${column}"] td[data-engine="${engine}"]`);

// The axe scan alone takes seconds on a shared two-core machine.
describe("the evidence report in headless Chromium", { timeout: 60_000 }, () => {
  it("shows every engine's verdict on every column as the evidence records it, in words", async () => {
    const { page, errors } = await open(EVIDENCE, "as-recorded");
    const files = comparisons(EVIDENCE);
    expect(files.length).toBeGreaterThanOrEqual(2);
    const columns = new Set<string>();
    for (const evidence of files) {
      for (const row of evidence.scenarios) {
        columns.add(row.name);
        for (const [engine, holds] of [
          ["handwritten", row.holds.handwritten],
          [evidence.framework, row.holds.framework],
        ] as const) {
          const cell = cellOf(page, row.name, engine);
          // Text, not only colour, says the verdict.
          expect((await cell.innerText()).trim(), `${row.name} on ${engine}`).toContain(WORDS[`${holds}`]);
        }
      }
    }
    // The engines only the framework matrix measured (the framework variants), read from its JSON.
    const matrix = JSON.parse(readFileSync(join(EVIDENCE, "framework-matrix-v1.json"), "utf8")) as {
      columns: { name: string; engines: Record<string, { verdict: "holds" | "fails" | "not_measured" }> }[];
    };
    const compared = new Set(["handwritten", ...files.map((f) => f.framework)]);
    const variants = [...new Set(matrix.columns.flatMap((c) => Object.keys(c.engines)))].filter(
      (e) => !compared.has(e),
    );
    expect(variants.length).toBeGreaterThan(0);
    for (const column of matrix.columns.filter((c) => columns.has(c.name)))
      for (const engine of variants) {
        const verdict = column.engines[engine]?.verdict ?? "not_measured";
        const word = verdict === "not_measured" ? WORDS.null : WORDS[`${verdict === "holds"}`];
        expect((await cellOf(page, column.name, engine).innerText()).trim(), `${column.name} on ${engine}`).toContain(
          word,
        );
      }
    await expect(page.locator("#verdicts tbody tr").count()).resolves.toBe(columns.size);
    const headers = await page.locator("#verdicts thead th").allInnerTexts();
    expect(headers.slice(2).sort()).toEqual([...compared, ...variants].sort());
    expect(errors).toEqual([]);
  });

  it("has rendered every drawing: each graph with the evidence's nodes and edges, each chart with its marks", async () => {
    const { page, errors } = await open(EVIDENCE, "drawings");
    for (const evidence of comparisons(EVIDENCE)) {
      const graph = page.locator(`.graph[data-engine="${evidence.framework}"] svg.flowchart`);
      await expect(graph.count()).resolves.toBe(1);
      // __start__ and __end__ are drawn besides the graph's own nodes.
      await expect(graph.locator("g.node").count()).resolves.toBe(evidence.graph.nodes + 2);
      await expect(graph.locator("path.edge").count()).resolves.toBe(evidence.graph.edges);
      await expect(graph.locator("path.edge.conditional").count()).resolves.toBe(evidence.graph.conditional_edges);
    }
    const charts = page.locator("svg.chart");
    await expect(charts.count()).resolves.toBe(4);
    // Each chart names its run and machine, as the newest bench file records them.
    const benchFile = readdirSync(EVIDENCE)
      .filter((f) => /^bench-v\d+\.json$/.test(f))
      .sort((a, b) => Number(/\d+/.exec(b)?.[0]) - Number(/\d+/.exec(a)?.[0]))[0];
    const bench = JSON.parse(readFileSync(join(EVIDENCE, benchFile ?? ""), "utf8")) as {
      commit: string;
      machine: { cpu_model: string; cores: number };
    };
    const runs = await page.locator("figure.chart-figure figcaption .run").allInnerTexts();
    expect(runs).toHaveLength(4);
    for (const run of runs) {
      expect(run).toContain(benchFile);
      expect(run).toContain(bench.commit.slice(0, 7));
      expect(run).toContain(`${bench.machine.cpu_model}, ${bench.machine.cores} cores`);
    }
    // Opened with prefers-reduced-motion: reduce, nothing scrolls smoothly.
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).resolves.toBe("auto");
    for (const svg of await page.locator("svg").all()) {
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
    const { page, errors } = await open(EVIDENCE, "filters");
    const rows = page.locator("#verdicts tbody tr");
    const total = await rows.count();
    const parallel = await page.locator('#verdicts tbody tr[data-family="parallel"]').count();
    expect(parallel).toBeGreaterThan(0);
    await page.getByRole("checkbox", { name: /^parallel/ }).focus();
    await page.keyboard.press("Space");
    await expect(page.locator("#verdicts tbody tr:not([hidden])").count()).resolves.toBe(total - parallel);
    await expect(page.locator('#verdicts tbody tr[data-family="parallel"]:not([hidden])').count()).resolves.toBe(0);
    expect(await page.locator("#matrix-shown").innerText()).toBe(`${total - parallel} of ${total} columns shown`);
    await page.keyboard.press("Space");
    await expect(page.locator("#verdicts tbody tr:not([hidden])").count()).resolves.toBe(total);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("shows a failing cell's expected signal and violated expectations", async () => {
    const dir = join(temp, "evidence-broken");
    cpSync(EVIDENCE, dir, { recursive: true, filter: (src) => !src.startsWith(join(EVIDENCE, "report")) });
    const file = readdirSync(dir).find((f) => /^13-framework-comparison-langgraph-v\d+\.json$/.test(f)) ?? "";
    const evidence = JSON.parse(readFileSync(join(dir, file), "utf8")) as Evidence & {
      scenarios: Record<string, unknown>[];
    };
    const broken = evidence.scenarios[0] as unknown as Row & { violations?: unknown };
    broken.holds = { handwritten: true, framework: false };
    broken.violations = { handwritten: [], framework: ["executor calls 0 (saw 1)"] };
    writeFileSync(join(dir, file), JSON.stringify(evidence));
    const { page, errors } = await open(dir, "broken");
    const cell = cellOf(page, broken.name, "langgraph");
    await expect(cell.getAttribute("data-verdict")).resolves.toBe("fails");
    const text = await cell.innerText();
    expect(text).toContain("fails");
    expect(text).toContain(broken.expected);
    expect(text).toContain("executor calls 0 (saw 1)");
    await expect(cellOf(page, broken.name, "handwritten").innerText()).resolves.toContain("holds");
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
