/** Each engine's graph, drawn from the Mermaid file beside its comparison evidence, with its counts. */
import type { ReportEvidence } from "./evidence.js";
import { drawFlowchart, parseMermaid } from "./graph.js";
import { esc, section } from "./html.js";
import { STRINGS } from "./strings.js";

const S = STRINGS.graphs;

export function graphsSection(comparisons: ReportEvidence["comparisons"]): string {
  const parts = [`<p>${esc(S.noGraph("handwritten"))}</p>`];
  for (const [i, { file, data, diagram }] of comparisons.entries()) {
    const engine = data.framework;
    const heading = `<h3>${esc(engine)}</h3>`;
    if (typeof data.graph === "string") {
      parts.push(
        `<div class="graph" data-engine="${esc(engine)}">${heading}<p>${esc(S.notMeasured(engine, data.reason ?? data.graph))}</p></div>`,
      );
      continue;
    }
    const drawing =
      diagram === null
        ? `<p>${esc(S.noDiagram)}</p>`
        : drawFlowchart(parseMermaid(diagram), S.label(engine), `graph-${i}`);
    parts.push(
      `<figure class="graph" data-engine="${esc(engine)}">${heading}<figcaption><span class="counts">${esc(S.counts(data.graph))}</span> ${esc(S.from(`${file}${data.graph.diagram === null ? "" : `, ${data.graph.diagram}`}`))}</figcaption>${drawing}</figure>`,
    );
  }
  return section("graphs", S.heading, `<p>${esc(S.lead)}</p><div class="graphs">${parts.join("\n")}</div>`);
}
