/**
 * The one small interface every engine implements for the scenarios and the comparison. An
 * engine is built over an environment; building a second one over the same environment is a
 * new process that finds only what the durable stores kept.
 */
import type { AgentState, ApprovalInput, ReconcileInput, TraceEvent } from "../handwritten/contract/index.js";
import type { Environment } from "./environment.js";

export const ENGINE_IDS = ["handwritten", "local_state_graph", "langgraph"] as const;
export type EngineId = (typeof ENGINE_IDS)[number];

export type GraphShape = { readonly nodes: number; readonly edges: number; readonly conditional_edges: number };

export type Engine = {
  readonly id: EngineId;
  /** Runs a new session until it ends or waits for a person. */
  start(session_id: string, goal: string): Promise<AgentState>;
  submitApproval(session_id: string, input: ApprovalInput): Promise<AgentState>;
  /** Continues from the latest checkpoint, as a new process does after a crash. */
  resume(session_id: string): Promise<AgentState>;
  reconcileUncertain(session_id: string, input: ReconcileInput): Promise<AgentState>;
  state(session_id: string): Promise<AgentState | undefined>;
  trace(session_id: string): Promise<readonly TraceEvent[]>;
  /** Committed graph steps of a session, or null for an engine that is not a graph. */
  graphSteps(session_id: string): Promise<number | null>;
};

export type EngineFactory = {
  readonly id: EngineId;
  /** The exact version of the framework that runs, read from the installed package. */
  readonly version: string;
  create(env: Environment): Engine;
  /** Node and edge counts of the graph, read from the running graph; null when not a graph. */
  shape(env: Environment): GraphShape | null;
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
