/**
 * A conditional edge's path as a Runnable that only calls its function. LangGraph wraps a plain
 * function in a traced RunnableLambda: a callback run and a LangSmith run tree at every call,
 * traced or not. The engine's graph (`graph.ts`) and the bench's bare anchor (`bare-anchor.ts`)
 * both route through this, so the adapter's overhead over bare LangGraph is not a saving only one
 * side makes.
 */
import { Runnable } from "./langgraph.js";

export class UntracedRoute<S, D> extends Runnable<S, D> {
  lc_namespace = ["agent_harness", "langgraph_adapter"];

  constructor(private readonly decide: (state: S) => D) {
    super();
  }

  /** Named as LangGraph names a function's route, so the drawn graph is unchanged. */
  override getName(): string {
    return "condition";
  }

  override async invoke(state: S): Promise<D> {
    return this.decide(state);
  }
}
