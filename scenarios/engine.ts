/**
 * The one small interface every engine implements for the scenarios and the comparison. An
 * engine is built over an environment; building a second one over the same environment is a
 * new process that finds only what the durable stores kept.
 */
import type { AgentState, ApprovalInput, ReconcileInput, TraceEvent } from "../handwritten/contract/index.js";
import type { Environment } from "./environment.js";

export const ENGINE_IDS = ["handwritten", "local_state_graph", "langgraph"] as const;
export type EngineId = (typeof ENGINE_IDS)[number];

/**
 * A graph's size, counted from the running graph as LangGraph's `getGraph()` counts: `edges` has one
 * edge per target each router declares (plus START's), `conditional_edges` those of them that are
 * routed, and `routers` the nodes that route (the other counting rule: one conditional edge per router).
 */
export type GraphShape = {
  readonly nodes: number;
  readonly edges: number;
  readonly conditional_edges: number;
  readonly routers: number;
};

/**
 * What an engine is built over: the contract's tools (`registry`), its stores, the injected clock,
 * ids, planner, secret and limits, and storage that outlives one engine instance (`durable`). The
 * fixture world behind the tools is deliberately absent: an engine sees tools, never their internals.
 */
export type EngineContext = Pick<
  Environment,
  | "registry"
  | "ledger"
  | "nonces"
  | "artifacts"
  | "checkpoints"
  | "trace"
  | "clock"
  | "ids"
  | "planner"
  | "secret"
  | "limits"
  | "batchExecution"
  | "durable"
>;

/** The view of an environment handed to an engine: every field but the fixture world. */
export function engineContextOf(env: Environment): EngineContext {
  const { registry, ledger, nonces, artifacts, checkpoints, trace, clock, ids, planner, secret, limits, durable } = env;
  const { batchExecution } = env;
  return {
    registry,
    ledger,
    nonces,
    artifacts,
    checkpoints,
    trace,
    clock,
    ids,
    planner,
    secret,
    limits,
    batchExecution,
    durable,
  };
}

export type Engine<Id extends string = EngineId> = {
  readonly id: Id;
  /** Runs a new session until it ends or waits for a person. */
  start(session_id: string, goal: string): Promise<AgentState>;
  /** `input` is untrusted: anything but an `ApprovalInput` is refused as `approval_malformed`, changing nothing. */
  submitApproval(session_id: string, input: ApprovalInput | unknown): Promise<AgentState>;
  /** Continues from the latest checkpoint, as a new process does after a crash. */
  resume(session_id: string): Promise<AgentState>;
  reconcileUncertain(session_id: string, input: ReconcileInput): Promise<AgentState>;
  state(session_id: string): Promise<AgentState | undefined>;
  trace(session_id: string): Promise<readonly TraceEvent[]>;
  /** Committed graph steps of a session, or null for an engine that is not a graph. */
  graphSteps(session_id: string): Promise<number | null>;
  /**
   * Goes back to the most recent earlier checkpoint at which a call waited for approval, as a
   * store restored from an older copy or a time-travel resume does (`rewind.ts`). Optional: an
   * engine without it is refused `rewind_unsupported` by the rewind columns.
   */
  rewindToApproval?(session_id: string): Promise<AgentState>;
};

/** Built-in engines have an `EngineId`; an engine loaded from a module path has its own id. */
export type EngineFactory<Id extends string = EngineId> = {
  readonly id: Id;
  /** The exact version of the framework that runs, read from the installed package. */
  readonly version: string;
  create(context: EngineContext): Engine<Id>;
  /** Node and edge counts of the graph, read from the running graph; null when not a graph. */
  shape(context: EngineContext): Promise<GraphShape | null>;
  /** The graph as a Mermaid flowchart, drawn from the running graph; absent or null when not a graph. */
  diagram?(context: EngineContext): Promise<string | null>;
};

/** Raised by an engine's own API misuse (unknown session, nothing to approve). */
export class EngineUsageError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "EngineUsageError";
  }
}
