import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  buildMatrix,
  familyOf,
  logScale,
  newestVersions,
  parseMermaid,
  readEvidence,
  renderReport,
  REPORT_BUDGET_BYTES,
  withFrameworkVerdicts,
} from "../../scripts/report/index.js";
import type { Comparison } from "../../scripts/report/evidence.js";
import type { EngineVerdict as Verdict } from "../../scripts/report/evidence-schemas.js";

const EVIDENCE = join(import.meta.dirname, "..", "..", "evidence");
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the evidence folder, to change one file of it. */
function evidenceCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "report-evidence-"));
  temps.push(dir);
  cpSync(EVIDENCE, dir, { recursive: true, filter: (src) => !src.includes(`${join("evidence", "report")}`) });
  return dir;
}

const json = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

describe("the report's reading of the evidence", () => {
  it("draws every comparison graph with the node, edge, conditional-edge and router counts its evidence records", () => {
    const { comparisons } = readEvidence(EVIDENCE);
    expect(comparisons.length).toBeGreaterThanOrEqual(2);
    for (const { file, diagram } of comparisons) {
      // The counts from the evidence JSON itself, the shapes from the Mermaid file: two sources.
      const graph = json(join(EVIDENCE, file))["graph"] as Record<string, number>;
      expect(diagram, file).not.toBeNull();
      const chart = parseMermaid(diagram ?? "");
      const inner = chart.nodes.filter((n) => n.id !== "__start__" && n.id !== "__end__");
      const conditional = chart.edges.filter((e) => e.conditional);
      expect(inner.length, file).toBe(graph["nodes"]);
      expect(chart.edges.length, file).toBe(graph["edges"]);
      expect(conditional.length, file).toBe(graph["conditional_edges"]);
      expect(new Set(conditional.map((e) => e.from)).size, file).toBe(graph["routers"]);
    }
  });

  it("takes the newest version of each file", () => {
    const files = ["bench-v2.json", "bench-v10.json", "bench-stores-v1.json", "bench-v3.json", "notes.md"];
    expect(newestVersions(files, /^bench$/)).toEqual(["bench-v10.json"]);
    expect(newestVersions(files, /^bench/)).toEqual(["bench-stores-v1.json", "bench-v10.json"]);
  });

  it("takes a column's family from what the evidence records, never from its name", () => {
    expect(familyOf({ family: "required" })).toBe("required");
    expect(familyOf({ family: "" })).toBeNull();
  });

  const HOLDS: Verdict = { behaviour: "holds", vocabulary: "conforms", violations: [] };
  const failing = (kind: "behaviour" | "vocabulary", expectation: string): Verdict => ({
    behaviour: kind === "behaviour" ? "fails" : "holds",
    vocabulary: kind === "vocabulary" ? "differs" : "conforms",
    violations: [{ kind, expectation, observed: null }],
  });
  const row = (name: string, handwritten: Verdict, framework: Verdict | null) => ({
    name,
    family: "fault",
    summary: `${name} summary`,
    expected: `${name} expected`,
    verdict: { handwritten, framework },
  });
  const comparison = (framework: string, scenarios: Comparison["scenarios"]): Comparison => ({
    framework,
    judged: framework === "b" ? "foreign" : "contract",
    status: "measured",
    reason: null,
    generated_at: "t",
    commit: null,
    graph: "not-measured",
    scenarios,
  });

  it("puts one cell per engine: handwritten is the worst of its files; an unrun side is not measured", () => {
    const matrix = buildMatrix([
      comparison("a", [
        row("x", failing("behaviour", "hw broke x"), HOLDS),
        row("y", HOLDS, failing("behaviour", "a broke y")),
      ]),
      comparison("b", [
        row("x", failing("vocabulary", "hw said x otherwise"), null),
        row("z", HOLDS, { behaviour: "error", vocabulary: "not_applicable", violations: [], error: "boom" }),
      ]),
    ]);
    expect(matrix.engines).toEqual(["handwritten", "a", "b"]);
    expect(matrix.judged).toEqual({ handwritten: "contract", a: "contract", b: "foreign" });
    const cells = Object.fromEntries(matrix.rows.map((r) => [r.name, r.cells]));
    expect(cells["x"]?.["handwritten"]).toEqual({
      behaviour: "fails",
      vocabulary: "differs",
      violations: [
        { kind: "behaviour", expectation: "hw broke x", observed: null },
        { kind: "vocabulary", expectation: "hw said x otherwise", observed: null },
      ],
      reason: null,
    });
    expect(cells["x"]?.["a"]?.behaviour).toBe("holds");
    expect(cells["x"]?.["b"]?.behaviour).toBe("not_measured");
    expect(cells["y"]?.["a"]?.violations.map((v) => v.expectation)).toEqual(["a broke y"]);
    expect(cells["z"]?.["b"]).toMatchObject({ behaviour: "error", reason: "boom" });
    expect(cells["z"]?.["a"]?.behaviour).toBe("not_measured");
  });

  it("adds a column per engine the framework matrix measured beyond the comparisons, with its verdicts", () => {
    const base = buildMatrix([comparison("local_state_graph", [row("x", HOLDS, HOLDS), row("y", HOLDS, HOLDS)])]);
    const matrix = withFrameworkVerdicts(base, {
      engines: [
        { id: "handwritten", judged: "contract" },
        { id: "native", judged: "foreign" },
        { id: "hardened", judged: "contract" },
      ],
      columns: [
        {
          name: "x",
          engines: { handwritten: HOLDS, native: failing("behaviour", "ran twice"), hardened: HOLDS },
        },
      ],
    });
    expect(matrix.engines).toEqual(["handwritten", "local_state_graph", "native", "hardened"]);
    expect(matrix.judged["native"]).toBe("foreign");
    const cells = Object.fromEntries(matrix.rows.map((r) => [r.name, r.cells]));
    expect(cells["x"]?.["native"]?.behaviour).toBe("fails");
    expect(cells["x"]?.["hardened"]?.behaviour).toBe("holds");
    expect(cells["y"]?.["native"]?.behaviour).toBe("not_measured");
    expect(withFrameworkVerdicts(base, null)).toBe(base);
  });

  it("shows every engine of the committed framework matrix in the verdict matrix", () => {
    const html = renderReport(readEvidence(EVIDENCE));
    const table = html.slice(
      html.indexOf('<div id="verdicts">'),
      html.indexOf("</section>", html.indexOf('<div id="verdicts">')),
    );
    const engines = (json(join(EVIDENCE, "framework-matrix-v1.json"))["engines"] as { id: string }[]).map((e) => e.id);
    expect(engines.length).toBeGreaterThan(3);
    for (const engine of engines) expect(table).toContain(`<th scope="col" translate="no">${engine}</th>`);
  });

  it("spans a log scale from the decade below the smallest value to the one above the largest", () => {
    const scale = logScale([38, 1588]);
    expect(scale.ticks).toEqual([10, 100, 1000, 10000]);
    expect(scale.at(100)).toBeCloseTo(1 / 3);
    expect(scale.at(10000)).toBe(1);
  });
});

describe("the report generator", () => {
  it("reads evidence only: it imports no engine, contract, scenario or store code, only node:, zod, esbuild, the pages' i18n and itself", () => {
    const dir = join(import.meta.dirname, "..", "..", "scripts", "report");
    const imports = readdirSync(dir)
      .filter((file) => file.endsWith(".ts"))
      .flatMap((file) =>
        [...readFileSync(join(dir, file), "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map(
          (m) => `${file}: ${m[1]}`,
        ),
      );
    expect(imports.length).toBeGreaterThan(10);
    expect(
      imports.filter(
        (line) => !/: (node:[a-z/]+|zod|esbuild|\.\/[\w-]+\.js|\.\.\/\.\.\/web\/i18n\/\w+\.js)$/.test(line),
      ),
    ).toEqual([]);
  });
});

describe("the report page", () => {
  it("is one file within its budget, the same bytes for the same evidence, and loads nothing from elsewhere", () => {
    const evidence = readEvidence(EVIDENCE);
    // Every committed evidence file is in the shape the report reads: none is left out.
    expect(evidence.unread).toEqual([]);
    const html = renderReport(evidence);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(REPORT_BUDGET_BYTES);
    expect(renderReport(readEvidence(EVIDENCE))).toBe(html);
    expect(html).not.toMatch(/<link\b|@import|\bsrc=|url\(\s*["']?(https?:|\/\/)/i);
    // Four charts, each drawn once per language.
    expect(html.match(/<svg class="chart"/g)?.length).toBe(8);
  });

  it("shows a failing cell's expected signal and violated expectations", () => {
    const dir = evidenceCopy();
    // Only the comparisons' cells, so the one failure is the only one counted.
    rmSync(join(dir, "framework-matrix-v1.json"));
    const file = join(dir, "13-framework-comparison-local-v2.json");
    const evidence = json(file) as { scenarios: Record<string, unknown>[] };
    const broken = evidence.scenarios[1] ?? {};
    const verdict = broken["verdict"] as Record<string, unknown>;
    verdict["framework"] = {
      behaviour: "fails",
      vocabulary: "conforms",
      violations: [{ kind: "behaviour", expectation: "the publish ran <&>", observed: "1" }],
    };
    writeFileSync(file, JSON.stringify(evidence));
    const html = renderReport(readEvidence(dir));
    const row = html.split("\n").find((line) => line.includes(`data-column="${String(broken["name"])}"`)) ?? "";
    const cell = /<td class="cell fails" data-engine="local_state_graph"[^]*?<\/td>/.exec(row)?.[0] ?? "";
    expect(cell).toContain("fails");
    expect(cell).toContain("the publish ran &lt;&amp;&gt;");
    expect(cell).toContain(String(broken["expected"]).replace(/'/g, "&#39;").replace(/"/g, "&quot;"));
    expect(html).toContain("1 fail,");
    // The summary opens with engine × family counts, the failing one coloured as failing.
    expect(html.indexOf('id="family-summary"')).toBeLessThan(html.indexOf('<div id="verdicts">'));
    expect(html).toMatch(/<td class="cell fails"><span class="l" lang="en">\d+ hold, 1 fail, 0 error<\/span>/);
  });

  it("leaves out a file in a shape it does not read, names it, and draws the rest", () => {
    const dir = evidenceCopy();
    writeFileSync(join(dir, "bench-v9.json"), JSON.stringify({ schema: "agent-harness.bench.v9", goals: "moved" }));
    const evidence = readEvidence(dir);
    expect(evidence.bench).toBeNull();
    expect(evidence.unread).toEqual([expect.stringMatching(/^bench-v9\.json: generated_at: /)]);
    const html = renderReport(evidence);
    expect(html).toContain("bench-v9.json: generated_at");
    expect(html).toContain("No bench evidence");
    expect(html).toContain('id="verdicts"');
  });

  it("says once why a framework was not measured, and marks each of its cells so", () => {
    const dir = evidenceCopy();
    const file = join(dir, "13-framework-comparison-langgraph-v1.json");
    const evidence = json(file) as { scenarios: { verdict: Record<string, unknown>; equal: unknown }[] } & Record<
      string,
      unknown
    >;
    evidence["status"] = "not-measured";
    evidence["reason"] = "langgraph_missing: @langchain/langgraph is not installed";
    for (const row of evidence.scenarios) row.verdict["framework"] = null;
    writeFileSync(file, JSON.stringify(evidence));
    const html = renderReport(readEvidence(dir));
    expect(html).toContain(
      '<span class="l" lang="en">langgraph was not measured:</span><span class="l" lang="zh-CN">langgraph 未测量：</span> <span lang="en">langgraph_missing: @langchain/langgraph is not installed</span></li>',
    );
    expect(html.match(/data-engine="langgraph" data-verdict="not_measured"/g)).toHaveLength(evidence.scenarios.length);
  });

  it("says the framework matrix is not yet recorded, and shows its rows once it is", () => {
    const dir = evidenceCopy();
    rmSync(join(dir, "framework-matrix-v1.json"), { force: true });
    expect(renderReport(readEvidence(dir))).toContain("Not yet recorded: evidence/framework-matrix-v1.json");
    writeFileSync(
      join(dir, "framework-matrix-v1.json"),
      JSON.stringify({ schema: "x", rows: [{ framework: "openai-agents", variant: "native", verdict: "fails" }] }),
    );
    const html = renderReport(readEvidence(dir));
    expect(html).not.toContain("Not yet recorded");
    expect(html).toMatch(
      /<th scope="row" translate="no">openai-agents<\/th><td translate="no">native<\/td><td translate="no">fails<\/td>/,
    );
  });
});

describe("the hardening ablation in the report", () => {
  it("lists every piece of every measured layer with the columns it turns, and says when the file is missing", () => {
    const ablation = json(join(EVIDENCE, "hardening-ablation-v1.json")) as {
      layers: { engine: string; status: string; pieces?: { piece: string; turns: string[] }[] }[];
    };
    const html = renderReport(readEvidence(EVIDENCE));
    const section = html.slice(
      html.indexOf('<section id="ablation"'),
      html.indexOf("</section>", html.indexOf('<section id="ablation"')),
    );
    const rows = ablation.layers.flatMap((l) => (l.pieces ?? []).map((p) => ({ engine: l.engine, ...p })));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const at = section.indexOf(`<span translate="no">${row.piece}</span>`, section.indexOf(row.engine));
      expect(at, `${row.engine} ${row.piece}`).toBeGreaterThan(0);
      expect(section.slice(at).match(/<td[^>]*>(\d+)<\/td>/)?.[1], `${row.engine} ${row.piece}`).toBe(
        String(row.turns.length),
      );
    }
    const dir = evidenceCopy();
    rmSync(join(dir, "hardening-ablation-v1.json"));
    expect(renderReport(readEvidence(dir))).toContain("Not yet recorded: evidence/hardening-ablation-v1.json");
  });
});
