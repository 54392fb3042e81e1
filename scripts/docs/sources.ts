/**
 * What each generated region shows, read from the committed evidence and printed by the same
 * functions the scripts print with: a region is what the command printed when it wrote that file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderGoalTable, renderTables } from "../bench/table.js";
import { BenchReport } from "../bench/report.js";
import { ComparisonReport } from "../comparison/schema.js";
import { renderTable } from "../comparison/table.js";
import { GLOSSARY, type TermId } from "../../web/i18n/index.js";
import { FrameworkMatrix, MATRIX_PATH } from "../matrix/schema.js";
import { renderMatrix } from "../matrix/table.js";
import { describeMutation, MUTATION_EVIDENCE_PATH, mutationEvidenceSchema } from "../mutation/evidence.js";

const json = (root: string, path: string): unknown => JSON.parse(readFileSync(join(root, path), "utf8"));
const fenced = (lang: string, text: string) => `\`\`\`${lang}\n${text.trimEnd()}\n\`\`\``;
const source = (path: string) => `<!-- from ${path}; run npm run docs after regenerating it -->`;

const comparison = (path: string) => (root: string) =>
  `${source(path)}\n${fenced("text", renderTable(ComparisonReport.parse(json(root, path))))}`;

/** Every region name a document may use, and how its text is made from the repository at `root`. */
export const GENERATORS: Readonly<Record<string, (root: string) => string>> = {
  glossary: () => glossaryTable(),
  "compare-local": comparison("evidence/13-framework-comparison-local-v2.json"),
  "compare-langgraph": comparison("evidence/13-framework-comparison-langgraph-v1.json"),
  "framework-matrix": (root) =>
    `${source(MATRIX_PATH)}\n${renderMatrix(FrameworkMatrix.parse(json(root, MATRIX_PATH)))}`,
  "graph-diagram": (root) => {
    const path = "evidence/13-framework-comparison-local-v2.mmd";
    return `${source(path)}\n${fenced("mermaid", readFileSync(join(root, path), "utf8"))}`;
  },
  bench: (root) => {
    const path = "evidence/bench-v3.json";
    return `${source(path)}\n${fenced("text", renderTables(BenchReport.parse(json(root, path))))}`;
  },
  "bench-goals": (root) => {
    const path = "evidence/bench-v3.json";
    return `${source(path)}\n\n${renderGoalTable(BenchReport.parse(json(root, path)))}`;
  },
  mutation: (root) => {
    const evidence = mutationEvidenceSchema.parse(json(root, MUTATION_EVIDENCE_PATH));
    const { stryker_core, vitest, node } = evidence.tools;
    return [
      source(MUTATION_EVIDENCE_PATH),
      fenced(
        "text",
        [
          `mutation: ${describeMutation(evidence)}`,
          `commit ${evidence.commit.slice(0, 7)}, ${evidence.files.length} files; Stryker ${stryker_core}, vitest ${vitest}, node ${node}`,
        ].join("\n"),
      ),
    ].join("\n");
  },
};

/** The glossary the page catalogues use (web/i18n/glossary.ts), as a markdown table. */
function glossaryTable(): string {
  const rows = (Object.keys(GLOSSARY) as TermId[]).map((id) => {
    const code = "code" in GLOSSARY[id] ? `\`${GLOSSARY[id].code}\`` : "";
    return `| ${GLOSSARY[id].en} | ${GLOSSARY[id]["zh-CN"]} | ${code} |`;
  });
  return [
    "<!-- from web/i18n/glossary.ts; run npm run docs after changing it -->",
    "",
    "| English | 中文 | code |",
    "|---|---|---|",
    ...rows,
  ].join("\n");
}
