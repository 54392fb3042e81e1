/**
 * A dependency-free state graph: named nodes, plain edges, conditional edges with a declared
 * path map, and validation at compile time. Misuse throws at build time, as LangGraph does.
 */
import { HarnessError } from "../../contract/index.js";
import type { GraphCheckpointer } from "./checkpointer.js";
import { CompiledGraph } from "./run.js";
import { END, START, type GraphDefinition, type NodeFn, type RouteResult } from "./definition.js";

export class StateGraph<S, U> {
  private readonly nodes = new Map<string, NodeFn<S, U>>();
  private readonly plain = new Map<string, string>();
  private readonly routers = new Map<string, { route: (state: S) => RouteResult<S>; targets: readonly string[] }>();

  constructor(private readonly merge: (state: S, update: U) => S) {}

  addNode(name: string, fn: NodeFn<S, U>): this {
    if (name === START || name === END || name.startsWith("__"))
      throw new HarnessError("invalid_config", `${name} is a reserved node name`);
    if (this.nodes.has(name)) throw new HarnessError("invalid_config", `node ${name} is added twice`);
    this.nodes.set(name, fn);
    return this;
  }

  addEdge(source: string, target: string): this {
    if (source === END) throw new HarnessError("invalid_config", "END cannot be a start node");
    this.claimSource(source);
    this.plain.set(source, target);
    return this;
  }

  /** `targets` is the path map: every node the router may return, declared up front. */
  addConditionalEdges(source: string, route: (state: S) => RouteResult<S>, targets: readonly string[]): this {
    this.claimSource(source);
    this.routers.set(source, { route, targets: [...targets] });
    return this;
  }

  compile(checkpointer: GraphCheckpointer<S>, options: { recursionLimit?: number } = {}): CompiledGraph<S, U> {
    const known = (name: string) => name === END || this.nodes.has(name);
    if (!this.plain.has(START) && !this.routers.has(START))
      throw new HarnessError("invalid_config", "graph has no edge from START");
    for (const [source, target] of this.plain) {
      if (source !== START && !this.nodes.has(source))
        throw new HarnessError("invalid_config", `edge from unknown node ${source}`);
      if (!known(target)) throw new HarnessError("invalid_config", `edge to unknown node ${target}`);
    }
    for (const [source, { targets }] of this.routers) {
      for (const target of targets)
        if (!known(target))
          throw new HarnessError("invalid_config", `conditional edge from ${source} to unknown node ${target}`);
    }
    for (const name of this.nodes.keys()) {
      if (!this.plain.has(name) && !this.routers.has(name))
        throw new HarnessError("invalid_config", `node ${name} has no outgoing edge`);
    }
    const definition: GraphDefinition<S, U> = {
      nodes: this.nodes,
      plain: this.plain,
      routers: this.routers,
      merge: this.merge,
    };
    return new CompiledGraph(definition, checkpointer, options.recursionLimit ?? 100);
  }

  private claimSource(source: string) {
    if (this.plain.has(source) || this.routers.has(source))
      throw new HarnessError("invalid_config", `node ${source} already has outgoing edges`);
  }
}
