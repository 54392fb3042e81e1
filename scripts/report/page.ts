/**
 * The report as one HTML file: styles and the one small script inline, drawings as static SVG, no
 * request to anything else, so it opens from file:// offline. Deterministic: the same evidence
 * gives the same bytes (no time of writing in the page).
 */
import { readFileSync } from "node:fs";
import { benchSection } from "./bench-section.js";
import type { ReportEvidence } from "./evidence.js";
import { graphsSection } from "./graphs-section.js";
import { esc } from "./html.js";
import { FrameworkVerdicts } from "./evidence-schemas.js";
import { buildMatrix, withFrameworkVerdicts } from "./matrix.js";
import { FILTER_SCRIPT, matrixSection } from "./matrix-section.js";
import { STRINGS } from "./strings.js";
import { crashesSection, faultsSection, frameworksSection, runtimeSection, storesSection } from "./tables-section.js";

/** The report's own budget, stated in docs/report.md: the one file, everything inline. */
export const REPORT_BUDGET_BYTES = 512 * 1024;

const CSS = readFileSync(new URL("./page.css", import.meta.url), "utf8");

export function renderReport(evidence: ReportEvidence): string {
  const framework = FrameworkVerdicts.safeParse(evidence.frameworkMatrix?.data);
  const matrix = withFrameworkVerdicts(
    buildMatrix(evidence.comparisons.map((c) => c.data)),
    framework.success ? framework.data : null,
  );
  const sections: [string, string, string][] = [
    [
      "matrix",
      STRINGS.matrix.heading,
      matrixSection(matrix, evidence.comparisons, framework.success ? (evidence.frameworkMatrix?.file ?? null) : null),
    ],
    ["graphs", STRINGS.graphs.heading, graphsSection(evidence.comparisons)],
    ["bench", STRINGS.bench.heading, benchSection(evidence.bench)],
    ["faults", STRINGS.faults.heading, faultsSection(evidence.faults)],
    ["stores", STRINGS.stores.heading, storesSection(evidence.stores, evidence.benchStores)],
    ["crashes", STRINGS.crashes.heading, crashesSection(evidence.crashes)],
    ["runtime", STRINGS.runtime.heading, runtimeSection(evidence.runtime)],
    ["frameworks", STRINGS.frameworks.heading, frameworksSection(evidence.frameworkMatrix)],
  ];
  const nav = sections.map(([id, heading]) => `<li><a href="#${id}">${esc(heading)}</a></li>`).join("");
  return `<!doctype html>
<html lang="${STRINGS.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(STRINGS.title)}</title>
<style>${CSS}</style>
</head>
<body>
<a class="skip" href="#matrix">${esc(STRINGS.skip)}</a>
<header><h1>${esc(STRINGS.title)}</h1><p>${esc(STRINGS.intro)}</p><nav aria-label="${esc(STRINGS.nav)}"><ul>${nav}</ul></nav></header>
<main>
${evidence.unread.length === 0 ? "" : `<div class="unread" role="note"><p>${esc(STRINGS.unread)}</p><ul>${evidence.unread.map((u) => `<li>${esc(u)}</li>`).join("")}</ul></div>`}
${sections.map(([, , html]) => html).join("\n")}
</main>
<footer><p>${esc(STRINGS.footer)}</p></footer>
<script>${FILTER_SCRIPT}</script>
</body>
</html>
`;
}
