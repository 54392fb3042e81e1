/**
 * The graph's shape and picture as LangGraph itself draws them (`getGraphAsync()`, `drawMermaid()`):
 * user nodes, edges, how many edges are conditional, and how many nodes route.
 */
import type { GraphShape } from "../../runtime/api.js";

type DrawnEdge = { readonly source: string; readonly conditional?: boolean };
type Drawable = {
  getGraphAsync(): Promise<{ nodes: Record<string, unknown>; edges: readonly DrawnEdge[]; drawMermaid(): string }>;
};

const RESERVED = new Set(["__start__", "__end__"]);

export async function shapeOf(graph: Drawable): Promise<GraphShape> {
  const drawn = await graph.getGraphAsync();
  const conditional = drawn.edges.filter((edge) => edge.conditional === true);
  return {
    nodes: Object.keys(drawn.nodes).filter((id) => !RESERVED.has(id)).length,
    edges: drawn.edges.length,
    conditional_edges: conditional.length,
    routers: new Set(conditional.map((edge) => edge.source)).size,
  };
}

export async function diagramOf(graph: Drawable): Promise<string> {
  return (await graph.getGraphAsync()).drawMermaid();
}
