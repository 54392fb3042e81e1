/** The plain data of a graph: node names, edges and the shared types of the runtime. */

export const START = "__start__";
export const END = "__end__";

/** Pauses the running node until `resume` supplies a value; returns that value on the re-run. */
export type Interrupt = <T>(payload: unknown) => T;
export type NodeContext = { readonly interrupt: Interrupt };
export type NodeFn<S, U> = (state: S, ctx: NodeContext) => Promise<U>;

/**
 * A task for one superstep of a fan-out, modelled on LangGraph's `Send`: the node runs once per
 * packet with the packet's argument as its input, all packets of a step run in parallel, and
 * their updates are merged together after the last one finished.
 */
export type SendPacket<S> = { readonly node: string; readonly arg: S };

/** What a router returns: one node (or END), or the packets of a fan-out. */
export type RouteResult<S> = string | readonly SendPacket<S>[];

export type Edge = { readonly source: string; readonly target: string; readonly conditional: boolean };
/** Counted as LangGraph's getGraph() counts (see runtime/api.ts), plus the nodes that route. */
export type GraphShape = {
  readonly nodes: number;
  readonly edges: number;
  readonly conditional_edges: number;
  readonly routers: number;
};

export type GraphDefinition<S, U> = {
  readonly nodes: ReadonlyMap<string, NodeFn<S, U>>;
  readonly plain: ReadonlyMap<string, string>;
  readonly routers: ReadonlyMap<
    string,
    { readonly route: (state: S) => RouteResult<S>; readonly targets: readonly string[] }
  >;
  readonly merge: (state: S, update: U) => S;
};

/** Every edge the graph can take, counted as LangGraph's getGraph() counts them: one per conditional target. */
export function edgesOf<S, U>(definition: GraphDefinition<S, U>): Edge[] {
  const edges: Edge[] = [...definition.plain].map(([source, target]) => ({ source, target, conditional: false }));
  for (const [source, { targets }] of definition.routers)
    for (const target of targets) edges.push({ source, target, conditional: true });
  return edges;
}
