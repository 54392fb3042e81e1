/**
 * Runs a compiled graph one node per step. After every node it merges the node's update and
 * writes a checkpoint holding the state and the next node, so a crash loses at most the node
 * that was running, and a resumed run starts that node again from its first line.
 */
import { HarnessError } from "../../handwritten/contract/index.js";
import type { GraphCheckpoint, GraphCheckpointer } from "./checkpointer.js";
import { END, START, edgesOf, type Edge, type GraphDefinition, type GraphShape } from "./definition.js";
import { drawMermaid } from "./mermaid.js";

export type RunInput<S> =
  { readonly kind: "start"; readonly state: S } | { readonly kind: "resume"; readonly value?: unknown };

export type RunResult<S> = {
  readonly state: S;
  /** The payload of the interrupt the run stopped at, or null when it reached END. */
  readonly interrupt: unknown;
  /** Node executions committed during this call. */
  readonly steps: number;
};

class GraphPause extends Error {
  constructor(readonly payload: unknown) {
    super("graph paused at an interrupt");
    this.name = "GraphPause";
  }
}

export class CompiledGraph<S, U> {
  constructor(
    private readonly definition: GraphDefinition<S, U>,
    private readonly checkpointer: GraphCheckpointer<S>,
    private readonly recursionLimit: number,
  ) {}

  shape(): GraphShape {
    const edges = this.edges();
    return {
      nodes: this.definition.nodes.size,
      edges: edges.length,
      conditional_edges: edges.filter((e) => e.conditional).length,
      routers: this.definition.routers.size,
    };
  }

  diagram(): string {
    return drawMermaid(this.definition);
  }

  edges(): Edge[] {
    return edgesOf(this.definition);
  }

  getState(thread_id: string): GraphCheckpoint<S> | undefined {
    return this.checkpointer.latest(thread_id);
  }

  /** Starts a thread, or continues it (after an interrupt, with the value the node's interrupt returns). */
  async invoke(thread_id: string, input: RunInput<S>): Promise<RunResult<S>> {
    const saved = this.checkpointer.latest(thread_id);
    if (input.kind === "start") {
      if (saved !== undefined) throw new HarnessError("invalid_config", `thread ${thread_id} already started`);
      return this.loop(thread_id, input.state, this.nextAfter(START, input.state), 0, { has: false });
    }
    if (saved === undefined) throw new HarnessError("unknown_session", `no checkpoint for thread ${thread_id}`);
    const resume = input.value === undefined ? { has: false as const } : { has: true as const, value: input.value };
    return this.loop(thread_id, saved.state, saved.next, saved.step, resume);
  }

  /** Writes an update as if `asNode` had produced it, then points the thread at that node's successor. */
  updateState(thread_id: string, update: U, asNode: string): GraphCheckpoint<S> {
    const saved = this.checkpointer.latest(thread_id);
    if (saved === undefined) throw new HarnessError("unknown_session", `no checkpoint for thread ${thread_id}`);
    const state = this.definition.merge(saved.state, update);
    const checkpoint = { thread_id, step: saved.step, state, next: this.nextAfter(asNode, state), interrupt: null };
    this.checkpointer.put(checkpoint);
    return checkpoint;
  }

  private async loop(
    thread_id: string,
    initial: S,
    first: string | null,
    stepBase: number,
    resume: { has: boolean; value?: unknown },
  ): Promise<RunResult<S>> {
    let state = initial;
    let node = first;
    let steps = 0;
    let pendingResume = resume;
    while (node !== null) {
      if (steps >= this.recursionLimit)
        throw new HarnessError("invalid_config", `recursion limit of ${this.recursionLimit} reached`);
      const fn = this.definition.nodes.get(node);
      if (fn === undefined) throw new HarnessError("invalid_config", `unknown node ${node}`);
      const offered = pendingResume;
      pendingResume = { has: false };
      let used = false;
      const interrupt = <T>(payload: unknown): T => {
        if (offered.has && !used) {
          used = true;
          return offered.value as T;
        }
        throw new GraphPause(payload);
      };
      let update: U;
      try {
        update = await fn(state, { interrupt });
      } catch (error) {
        if (!(error instanceof GraphPause)) throw error;
        this.checkpointer.put({ thread_id, step: stepBase + steps, state, next: node, interrupt: error.payload });
        return { state, interrupt: error.payload, steps };
      }
      state = this.definition.merge(state, update);
      steps += 1;
      node = this.nextAfter(node, state);
      this.checkpointer.put({ thread_id, step: stepBase + steps, state, next: node, interrupt: null });
    }
    return { state, interrupt: null, steps };
  }

  private nextAfter(source: string, state: S): string | null {
    const plain = this.definition.plain.get(source);
    const router = this.definition.routers.get(source);
    const target = plain ?? router?.route(state);
    if (target === undefined) throw new HarnessError("invalid_config", `node ${source} has no outgoing edge`);
    if (router !== undefined && !router.targets.includes(target)) {
      throw new HarnessError("invalid_config", `router of ${source} returned ${target}, outside its path map`);
    }
    return target === END ? null : target;
  }
}
