/**
 * Draws an engine's graph from the Mermaid flowchart the comparison writes beside its evidence, as
 * a static SVG: nodes in layers by their distance from __start__, solid arrows for fixed edges and
 * dashed ones for conditional edges, self-loops to the right. Our own layout, not Mermaid's: these
 * graphs have a handful of nodes, and mermaid's browser bundle (about 3 MB, and it needs a DOM to
 * lay out) would be ten times the report's whole budget.
 */
import { esc } from "./escape.js";
import { msg, type Locale } from "./i18n.js";

export type Edge = { readonly from: string; readonly to: string; readonly conditional: boolean };
export type Flowchart = { readonly nodes: readonly { id: string; label: string }[]; readonly edges: readonly Edge[] };

const NODE = /^([A-Za-z_][\w-]*)\s*(?:\(\[|\(|\[)(?:<p>)?([^<)\]]*)(?:<\/p>)?(?:\]\)|\)|\])/;
const EDGE = /^([A-Za-z_][\w-]*)\s*(-->|-\.->)\s*([A-Za-z_][\w-]*)\s*;?$/;

export function parseMermaid(source: string): Flowchart {
  const nodes: { id: string; label: string }[] = [];
  const edges: Edge[] = [];
  const seen = new Set<string>();
  const add = (id: string, label = id) => {
    if (!seen.has(id)) (nodes.push({ id, label }), seen.add(id));
  };
  for (const raw of source.split("\n")) {
    const line = raw.trim();
    const edge = EDGE.exec(line);
    if (edge !== null) {
      const [from, arrow, to] = [edge[1] ?? "", edge[2], edge[3] ?? ""];
      (add(from), add(to));
      edges.push({ from, to, conditional: arrow === "-.->" });
      continue;
    }
    if (/^(graph|flowchart|classDef|%%)/.test(line)) continue;
    const node = NODE.exec(line);
    if (node !== null) add(node[1] ?? "", (node[2] ?? "").trim() || (node[1] ?? ""));
  }
  return { nodes, edges };
}

/** Layer of each node: its shortest distance from __start__ (or the first node); __end__ last. */
export function layers(chart: Flowchart): Map<string, number> {
  const first = chart.nodes.find((n) => n.id === "__start__") ?? chart.nodes[0];
  const layer = new Map<string, number>();
  if (first === undefined) return layer;
  layer.set(first.id, 0);
  const queue = [first.id];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const edge of chart.edges.filter((e) => e.from === id && e.to !== "__end__" && !layer.has(e.to))) {
      layer.set(edge.to, (layer.get(id) ?? 0) + 1);
      queue.push(edge.to);
    }
  }
  let deepest = Math.max(0, ...layer.values());
  for (const node of chart.nodes) if (!layer.has(node.id) && node.id !== "__end__") layer.set(node.id, ++deepest);
  if (chart.nodes.some((n) => n.id === "__end__")) layer.set("__end__", deepest + 1);
  return layer;
}

const [W, H, GAP_X, GAP_Y, MARGIN] = [112, 34, 40, 46, 24];

/** The SVG of one flowchart in `locale`; `label` names it for assistive technology, every edge in its description. */
export function drawFlowchart(chart: Flowchart, locale: Locale, label: string, id: string): string {
  const layer = layers(chart);
  const byLayer = new Map<number, string[]>();
  for (const node of chart.nodes)
    byLayer.set(layer.get(node.id) ?? 0, [...(byLayer.get(layer.get(node.id) ?? 0) ?? []), node.id]);
  const widest = Math.max(1, ...[...byLayer.values()].map((ids) => ids.length));
  const bow =
    28 + 14 * Math.max(1, ...chart.edges.map((e) => Math.abs((layer.get(e.to) ?? 0) - (layer.get(e.from) ?? 0))));
  const width = widest * W + (widest - 1) * GAP_X + 2 * (MARGIN + bow);
  const height = (Math.max(0, ...layer.values()) + 1) * (H + GAP_Y) - GAP_Y + 2 * MARGIN;
  const at = new Map<string, { x: number; y: number }>();
  for (const [depth, ids] of byLayer) {
    const row = ids.length * W + (ids.length - 1) * GAP_X;
    ids.forEach((nid, i) =>
      at.set(nid, { x: (width - row) / 2 + i * (W + GAP_X) + W / 2, y: MARGIN + depth * (H + GAP_Y) + H / 2 }),
    );
  }
  const edges = chart.edges.map((edge, i) => {
    const a = at.get(edge.from) ?? { x: 0, y: 0 };
    const b = at.get(edge.to) ?? { x: 0, y: 0 };
    const span = (layer.get(edge.to) ?? 0) - (layer.get(edge.from) ?? 0);
    let d: string;
    if (edge.from === edge.to) {
      const x = a.x + W / 2;
      d = `M${x},${a.y - 8} C${x + 34},${a.y - 26} ${x + 34},${a.y + 26} ${x},${a.y + 8}`;
    } else if (span === 1 && a.x === b.x) {
      d = `M${a.x},${a.y + H / 2} L${b.x},${b.y - H / 2}`;
    } else {
      // Forward skips bow to the left, back edges to the right; longer spans bow further.
      const side = span > 0 ? -1 : 1;
      const reach = side * (W / 2 + 16 + 14 * Math.abs(span) + (i % 2) * 6);
      const [x1, x2] = [a.x + (side * W) / 2, b.x + (side * W) / 2];
      d = `M${x1},${a.y} C${a.x + reach},${a.y} ${b.x + reach},${b.y} ${x2},${b.y}`;
    }
    const dashed = edge.conditional ? ` stroke-dasharray="5 4"` : "";
    return `<path class="edge${edge.conditional ? " conditional" : ""}" d="${d}"${dashed} marker-end="url(#${id}-arrow)"/>`;
  });
  const nodes = chart.nodes.map((node) => {
    const p = at.get(node.id) ?? { x: 0, y: 0 };
    const terminal = node.id === "__start__" || node.id === "__end__";
    return `<g class="node" data-node="${esc(node.id)}"><rect x="${p.x - W / 2}" y="${p.y - H / 2}" width="${W}" height="${H}" rx="${terminal ? H / 2 : 6}"${terminal ? ' class="terminal"' : ""}/><text x="${p.x}" y="${p.y + 5}" text-anchor="middle" translate="no">${esc(node.label)}</text></g>`;
  });
  const described = chart.edges
    .map((e) => msg(locale, e.conditional ? "graphs.conditionalEdge" : "graphs.edge", { from: e.from, to: e.to }))
    .join("; ");
  return `<svg class="flowchart" id="${id}" role="img" aria-labelledby="${id}-t ${id}-d" viewBox="0 0 ${Math.round(width)} ${Math.round(height)}" width="${Math.round(width)}" height="${Math.round(height)}" xmlns="http://www.w3.org/2000/svg">
<title id="${id}-t">${esc(label)}</title><desc id="${id}-d">${esc(described)}</desc>
<defs><marker id="${id}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs>
${edges.join("\n")}
${nodes.join("\n")}
</svg>`;
}
