/** The graph's shape as LangGraph itself draws it: user nodes, edges, and how many edges are conditional. */
import type { GraphShape } from "../../scenarios/engine.js";

type Drawable = { getGraph(): { nodes: Record<string, unknown>; edges: readonly { conditional?: boolean }[] } };

const RESERVED = new Set(["__start__", "__end__"]);

export function shapeOf(graph: Drawable): GraphShape {
  const drawn = graph.getGraph();
  return {
    nodes: Object.keys(drawn.nodes).filter((id) => !RESERVED.has(id)).length,
    edges: drawn.edges.length,
    conditional_edges: drawn.edges.filter((edge) => edge.conditional === true).length,
  };
}
