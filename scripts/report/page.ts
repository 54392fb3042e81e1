/**
 * The report as one HTML file: styles and the one small script inline, drawings as static SVG, no
 * request to anything else, so it opens from file:// offline. Both languages are in the file (see
 * i18n.ts); the script picks one. Deterministic: the same evidence gives the same bytes.
 */
import { ablationSection } from "./ablation-section.js";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { benchSection } from "./bench-section.js";
import { CLIENT_KEYS, CLIENT_MESSAGES_ID } from "./client-keys.js";
import type { ReportEvidence } from "./evidence.js";
import { FrameworkVerdicts } from "./evidence-schemas.js";
import { graphsSection } from "./graphs-section.js";
import { esc, para } from "./html.js";
import { html, label, LOCALES, m, MESSAGES, prose, type MessageKey } from "./i18n.js";
import { buildMatrix, withFrameworkVerdicts } from "./matrix.js";
import { matrixSection } from "./matrix-section.js";
import { crashesSection, faultsSection, frameworksSection, runtimeSection, storesSection } from "./tables-section.js";

/** The report's own budget, stated in docs/report.md: the one file, everything inline. */
export const REPORT_BUDGET_BYTES = 1024 * 1024;

const CSS = readFileSync(new URL("./page.css", import.meta.url), "utf8");

let script: string | undefined;
/** client.ts and the language switch it imports, bundled once per process (esbuild's output is deterministic). */
function clientScript(): string {
  script ??= buildSync({
    entryPoints: [fileURLToPath(new URL("./client.ts", import.meta.url))],
    bundle: true,
    write: false,
    format: "iife",
    minify: true,
    target: "es2020",
    charset: "utf8",
    legalComments: "none",
  }).outputFiles[0]?.text.replace(/<\/script/gi, "<\\/script");
  if (script === undefined) throw new Error("esbuild wrote no client script");
  return script;
}

/** The messages the script formats, both languages, as JSON the page carries. */
function clientMessages(): string {
  const pick = (locale: (typeof LOCALES)[number]) =>
    Object.fromEntries(CLIENT_KEYS.map((key) => [key, MESSAGES[locale][key]]));
  const json = JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, pick(locale)])));
  return json.replace(/</g, "\\u003c");
}

export function renderReport(evidence: ReportEvidence): string {
  const framework = FrameworkVerdicts.safeParse(evidence.frameworkMatrix?.data);
  const matrix = withFrameworkVerdicts(
    buildMatrix(evidence.comparisons.map((c) => c.data)),
    framework.success ? framework.data : null,
  );
  const sections: [string, MessageKey, string][] = [
    [
      "matrix",
      "matrix.heading",
      matrixSection(matrix, evidence.comparisons, framework.success ? (evidence.frameworkMatrix?.file ?? null) : null),
    ],
    ["ablation", "ablation.heading", ablationSection(evidence.ablation)],
    ["graphs", "graphs.heading", graphsSection(evidence.comparisons)],
    ["bench", "bench.heading", benchSection(evidence.bench)],
    ["faults", "faults.heading", faultsSection(evidence.faults)],
    ["stores", "stores.heading", storesSection(evidence.stores, evidence.benchStores)],
    ["crashes", "crashes.heading", crashesSection(evidence.crashes)],
    ["runtime", "runtime.heading", runtimeSection(evidence.runtime)],
    ["frameworks", "frameworks.heading", frameworksSection(evidence.frameworkMatrix)],
  ];
  const nav = sections.map(([id, heading]) => `<li><a href="#${id}">${html(m(heading))}</a></li>`).join("");
  const unread =
    evidence.unread.length === 0
      ? ""
      : `<div class="unread" role="note">${para(m("page.unread"))}<ul>${evidence.unread.map((u) => `<li>${prose(u)}</li>`).join("")}</ul></div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(m("page.title").in("en"))}</title>
<style>${CSS}</style>
<script type="application/json" id="${CLIENT_MESSAGES_ID}">${clientMessages()}</script>
<script>${clientScript()}</script>
</head>
<body>
<a class="skip" href="#matrix">${html(m("page.skip"))}</a>
<header><div id="language-switch"></div><h1>${html(m("page.title"))}</h1>${para(m("page.intro"))}<nav${label(m("page.nav"))}><ul>${nav}</ul></nav></header>
<main>
${unread}
${sections.map(([, , section]) => section).join("\n")}
</main>
<footer>${para(m("page.footer"))}</footer>
</body>
</html>
`;
}
