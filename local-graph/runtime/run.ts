/**
 * Runs a compiled graph one node per step. After every node it merges the node's update and
 * writes a checkpoint holding the state and the next node, so a crash loses at most the node
 * that was running, and a resumed run starts that node again from its first line. A fan-out
 * step runs its tasks in parallel and merges their updates together; a task that finished keeps
 * its update as a pending write, so after a crash only the tasks that did not finish run again.
 */
import { HarnessError } from "../../contract/index.js";
import type { GraphCheckpoint, GraphCheckpointer } from "./checkpointer.js";
import {
  END,
  START,
  edgesOf,
  type Edge,
  type GraphDefinition,
  type GraphShape,
  type RouteResult,
  type SendPacket,
} from "./definition.js";
import { drawMermaid } from "./mermaid.js";
import { GraphPause, NO_INTERRUPT_IN_FAN_OUT, PAUSE_AT_FIRST_INTERRUPT, replaying } from "./pause.js";

type Next<S> = string | readonly SendPacket<S>[] | null;

export type RunInput<S> =
  { readonly kind: "start"; readonly state: S } | { readonly kind: "resume"; readonly value?: unknown };

export type RunResult<S> = {
  readonly state: S;
  /** The payload of the interrupt the run stopped at, or null when it reached END. */
  readonly interrupt: unknown;
  /** Node executions committed during this call. */
  readonly steps: number;
};

/** A node's outgoing edge, resolved once at compile time: a plain target, or a router and its path map. */
type Outgoing<S> =
  | { readonly target: string; readonly router: null }
  | { readonly router: (state: S) => RouteResult<S>; readonly targets: ReadonlySet<string> };

export class CompiledGraph<S, U> {
  private readonly outgoing = new Map<string, Outgoing<S>>();

  constructor(
    private readonly definition: GraphDefinition<S, U>,
    private readonly checkpointer: GraphCheckpointer<S>,
    private readonly recursionLimit: number,
  ) {
    for (const [source, target] of definition.plain) this.outgoing.set(source, { target, router: null });
    for (const [source, { route, targets }] of definition.routers)
      this.outgoing.set(source, { router: route, targets: new Set(targets) });
  }

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
      return this.loop(thread_id, input.state, this.nextAfter(START, input.state), 0, []);
    }
    if (saved === undefined) throw new HarnessError("unknown_session", `no checkpoint for thread ${thread_id}`);
    // A node that stopped at its n-th interrupt gets the n-1 earlier answers again, then the new one (LangGraph matches by index).
    const resumes = [...(saved.resumes ?? []), ...(input.value === undefined ? [] : [input.value])];
    return this.loop(thread_id, saved.state, saved.next, saved.step, resumes, saved.pending ?? []);
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
    first: Next<S>,
    stepBase: number,
    resumes: readonly unknown[],
    pending: readonly unknown[] = [],
  ): Promise<RunResult<S>> {
    let state = initial;
    let node = first;
    let steps = 0;
    let pendingResumes = resumes;
    let pendingWrites = pending;
    while (node !== null) {
      if (steps >= this.recursionLimit)
        throw new HarnessError("invalid_config", `recursion limit of ${this.recursionLimit} reached`);
      if (typeof node !== "string") {
        const packets = node;
        const updates = await this.fanOut(thread_id, state, packets, stepBase + steps, pendingWrites);
        pendingWrites = [];
        for (const update of updates) state = this.definition.merge(state, update);
        steps += packets.length;
        node = this.nextAfter(packets[0]!.node, state);
        this.checkpointer.put({ thread_id, step: stepBase + steps, state, next: node, interrupt: null });
        continue;
      }
      const fn = this.definition.nodes.get(node);
      if (fn === undefined) throw new HarnessError("invalid_config", `unknown node ${node}`);
      const offered = pendingResumes;
      pendingResumes = [];
      const context = offered.length === 0 ? PAUSE_AT_FIRST_INTERRUPT : replaying(offered);
      let update: U;
      try {
        update = await fn(state, context);
      } catch (error) {
        if (!(error instanceof GraphPause)) throw error;
        this.checkpointer.put({
          thread_id,
          step: stepBase + steps,
          state,
          next: node,
          interrupt: error.payload,
          ...(offered.length === 0 ? {} : { resumes: offered }),
        });
        return { state, interrupt: error.payload, steps };
      }
      state = this.definition.merge(state, update);
      steps += 1;
      node = this.nextAfter(node, state);
      this.checkpointer.put({ thread_id, step: stepBase + steps, state, next: node, interrupt: null });
    }
    return { state, interrupt: null, steps };
  }

  /**
   * One fan-out superstep. Each task's update is checkpointed as a pending write when it finishes;
   * the updates are merged only when every task has finished, in packet order.
   */
  private async fanOut(
    thread_id: string,
    state: S,
    packets: readonly SendPacket<S>[],
    step: number,
    pending: readonly unknown[],
  ): Promise<U[]> {
    const writes: (U | null)[] = packets.map((_, i) => (pending[i] ?? null) as U | null);
    const run = async (packet: SendPacket<S>, i: number): Promise<U> => {
      const known = writes[i];
      if (known !== null && known !== undefined) return known;
      const fn = this.definition.nodes.get(packet.node);
      if (fn === undefined) throw new HarnessError("invalid_config", `unknown node ${packet.node}`);
      const update = await fn(packet.arg, NO_INTERRUPT_IN_FAN_OUT);
      writes[i] = update;
      this.checkpointer.put({ thread_id, step, state, next: packets, interrupt: null, pending: [...writes] });
      return update;
    };
    const settled = await Promise.allSettled(packets.map(run));
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed !== undefined) throw failed.reason;
    return settled.map((r) => (r as PromiseFulfilledResult<U>).value);
  }

  private nextAfter(source: string, state: S): Next<S> {
    const edge = this.outgoing.get(source);
    if (edge === undefined) throw new HarnessError("invalid_config", `node ${source} has no outgoing edge`);
    if (edge.router === null) return edge.target === END ? null : edge.target;
    const target = edge.router(state);
    if (typeof target === "string") {
      if (!edge.targets.has(target)) throw outsidePathMap(source, target);
      return target === END ? null : target;
    }
    for (const packet of target) if (!edge.targets.has(packet.node)) throw outsidePathMap(source, packet.node);
    if (target.length === 0) throw new HarnessError("invalid_config", `router of ${source} sent no packets`);
    return target;
  }
}

const outsidePathMap = (source: string, target: string) =>
  new HarnessError("invalid_config", `router of ${source} returned ${target}, outside its path map`);
