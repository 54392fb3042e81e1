/**
 * The report in both languages, in Node: the catalogues are complete, every message of each language
 * is in the page, and no sentence is written in the layout code instead of a catalogue.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { ALL_COLUMNS, NEVER_SETTLED } from "../../scenarios/index.js";
import { EXPECTATIONS_ZH, EXPECTED_ZH } from "../../scripts/report/messages-expectations-zh.js";
import { LOCALES } from "../../web/i18n/locale.js";
import { esc } from "../../scripts/report/escape.js";
import { MESSAGES, messageProblems, readEvidence, renderReport } from "../../scripts/report/index.js";

const EVIDENCE = join(import.meta.dirname, "..", "..", "evidence");
const REPORT_CODE = join(import.meta.dirname, "..", "..", "scripts", "report");
const sparse = mkdtempSync(join(tmpdir(), "report-sparse-"));
afterAll(() => rmSync(sparse, { recursive: true, force: true }));

/** Evidence that reaches the report's other states: nothing recorded, a file left out, a framework unmeasured. */
function sparseEvidence(): string {
  const comparison = (framework: string, status: string, graph: unknown) => ({
    framework,
    judged: "contract",
    status,
    reason: status === "measured" ? null : `${framework}_missing`,
    generated_at: "2026-12-01T00:00:00Z",
    commit: null,
    graph,
    scenarios: [],
  });
  const write = (file: string, value: unknown) => writeFileSync(join(sparse, file), JSON.stringify(value));
  write("13-framework-comparison-absent-v1.json", comparison("absent", "not-measured", "not-measured"));
  write(
    "13-framework-comparison-undrawn-v1.json",
    comparison("undrawn", "measured", { nodes: 1, edges: 1, conditional_edges: 0, routers: 0, diagram: null }),
  );
  write("bench-v9.json", { goals: "moved" });
  return sparse;
}

/**
 * The sentences a source file writes in its string literals: each literal's text (a template's
 * parts joined by a stand-in for each `${…}`), HTML tags and attributes taken out, that still holds
 * an English word next to another word. Codes (`"not_measured"`), paths and markup are single
 * tokens; CSS selectors and programming errors (`new Error(…)`) are never shown to a reader.
 */
const UNSHOWN_CALLS = /^(querySelector|querySelectorAll|closest|getElementById|Error)$/;
const callee = (node: ts.Node): string | undefined => {
  const call = node.parent;
  if (call === undefined || !(ts.isCallExpression(call) || ts.isNewExpression(call))) return undefined;
  const target = call.expression;
  return ts.isIdentifier(target) ? target.text : ts.isPropertyAccessExpression(target) ? target.name.text : undefined;
};
export function sentencesIn(file: string, source: string): string[] {
  const found: string[] = [];
  const consider = (text: string) => {
    const words = text
      .replace(/[\w-]+=("[^"]*"|'[^']*')/g, " ")
      .replace(/<\/?[^>]*(>|$)/g, " ")
      .replace(/&\w+;/g, " ");
    if (/[A-Za-z]{2,}\s+\S|\S\s+[A-Za-z]{2,}/.test(words.replace(/\s+/g, " ").trim())) found.push(text);
  };
  const visit = (node: ts.Node): void => {
    if (UNSHOWN_CALLS.test(callee(node) ?? "")) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) consider(node.text);
    else if (ts.isTemplateExpression(node))
      consider([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("\u2063"));
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true));
  return found;
}

describe("the report's catalogues", () => {
  it("have the same keys and placeholders in both languages, no empty message, only known terms", () => {
    expect(Object.keys(MESSAGES["zh-CN"]).sort()).toEqual(Object.keys(MESSAGES.en).sort());
    expect(messageProblems()).toEqual([]);
  });

  it("are all in the page: each message's words in both languages, from the evidence or its absence", () => {
    // The committed evidence shows every section; the sparse one every "not recorded yet" and the rest.
    const pages = renderReport(readEvidence(EVIDENCE)) + renderReport(readEvidence(sparseEvidence()));
    const missing: string[] = [];
    for (const locale of LOCALES)
      for (const [key, message] of Object.entries(MESSAGES[locale])) {
        // Each stretch of words between placeholders, as escaped text.
        const fragments = message
          .split(/\{(?:term:)?[A-Za-z0-9_]+\}/)
          .map((part) => part.trim())
          .filter((part) => part.replace(/[\s\p{P}]/gu, "").length >= 2);
        for (const fragment of fragments)
          if (!pages.includes(esc(fragment))) missing.push(`${locale}/${key}: ${fragment}`);
      }
    expect(missing).toEqual([]);
  });
});

describe("the report's layout code", () => {
  it("writes no sentence: every word the page shows comes from a catalogue", () => {
    const files = readdirSync(REPORT_CODE).filter((file) => file.endsWith(".ts") && !file.startsWith("messages-"));
    expect(files.length).toBeGreaterThan(10);
    const sentences = files.flatMap((file) =>
      sentencesIn(file, readFileSync(join(REPORT_CODE, file), "utf8")).map((text) => `${file}: ${text}`),
    );
    expect(sentences).toEqual([]);
  });

  it("tells a sentence from markup and codes", () => {
    const found = sentencesIn(
      "x.ts",
      [
        'const a = `<td class="cell ${v}" data-engine="${e}">${word}</td>`;',
        'const b = "not_measured"; const c = "./html.js"; const d = `M${x},${y} L${z}`;',
        "const e = `${from} to ${to}`;",
        'const f = "Show all columns"; const q = document.querySelector("#verdicts tbody tr");',
        'throw new Error("esbuild wrote no client script");',
        "const g = `<p>No bench evidence</p>`;",
      ].join("\n"),
    );
    expect(found).toEqual(["\u2063 to \u2063", "Show all columns", "<p>No bench evidence</p>"]);
  });
});

describe("the expectations a verdict names", () => {
  it("each has its Chinese, and the catalogue names no expectation that is gone", () => {
    const wordings = new Set([
      NEVER_SETTLED,
      // A predicate given nothing to read is violated, so every expectation of every column is named.
      ...ALL_COLUMNS.flatMap((column) => column.violations({}).map((v) => v.expectation)),
    ]);
    expect([...wordings].filter((text) => EXPECTATIONS_ZH[text] === undefined)).toEqual([]);
    expect(Object.keys(EXPECTATIONS_ZH).filter((text) => !wordings.has(text))).toEqual([]);
    const signals = new Set(ALL_COLUMNS.map((column) => column.expected));
    expect([...signals].filter((text) => EXPECTED_ZH[text] === undefined)).toEqual([]);
    expect(Object.keys(EXPECTED_ZH).filter((text) => !signals.has(text))).toEqual([]);
  });
});
