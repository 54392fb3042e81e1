/** Each engine's graph, drawn from the Mermaid file beside its comparison evidence, with its counts. */
import type { ReportEvidence } from "./evidence.js";
import { drawFlowchart, parseMermaid } from "./graph.js";
import { esc, para, section } from "./html.js";
import { both, m, msg } from "./i18n.js";

export function graphsSection(comparisons: ReportEvidence["comparisons"]): string {
  const parts = [para(m("graphs.noGraph", { engine: "handwritten" }))];
  for (const [i, { file, data, diagram }] of comparisons.entries()) {
    const engine = data.framework;
    const heading = `<h3 translate="no">${esc(engine)}</h3>`;
    if (typeof data.graph === "string") {
      const reason = data.reason ?? data.graph;
      parts.push(
        `<div class="graph" data-engine="${esc(engine)}">${heading}${para(m("graphs.notMeasured", { engine, reason }))}</div>`,
      );
      continue;
    }
    const g = data.graph;
    const chart = diagram === null ? null : parseMermaid(diagram);
    const drawing =
      chart === null
        ? para(m("graphs.noDiagram"))
        : both(
            (locale) => drawFlowchart(chart, locale, msg(locale, "graphs.label", { engine }), `graph-${i}-${locale}`),
            "div",
          );
    const counts = m("graphs.counts", {
      nodes: g.nodes,
      edges: g.edges,
      conditional: g.conditional_edges,
      routers: g.routers,
    });
    const from = m("page.source", { file: g.diagram === null ? file : [file, g.diagram] });
    parts.push(
      `<figure class="graph" data-engine="${esc(engine)}">${heading}<figcaption><span class="counts">${both((l) => esc(counts.in(l)))}</span> ${both((l) => esc(from.in(l)))}</figcaption>${drawing}</figure>`,
    );
  }
  return section(
    "graphs",
    m("graphs.heading"),
    `${para(m("graphs.lead"))}<div class="graphs">${parts.join("\n")}</div>`,
  );
}
