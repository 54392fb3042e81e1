/** The four-node agent graph on the local runtime. */
import { AppendList, DEFAULT_INPUT_LIMITS, type TraceEvent } from "../../contract/index.js";
import { START, StateGraph, type CompiledGraph, type GraphCheckpointer } from "../runtime/index.js";
import {
  AGENT_NODES,
  createAgentNodes,
  type AgentGraphState,
  type AgentGraphUpdate,
  type AgentInterrupt,
  type AgentNodeDeps,
  type DispatchOutcome,
} from "./nodes.js";
import { fanOutCalls, PATH_MAP, recursionLimitFor, routeByStatus, type BatchExecution } from "./routes.js";

/**
 * The local graph's state: the agent graph state with its trace as an `AppendList` (a plain array
 * when seeded or read back from a store), so a step's checkpoint shares the trace of the one
 * before it instead of copying it: every checkpoint of a thread stays in its history.
 */
export type LocalGraphState = Omit<AgentGraphState, "trace"> & {
  readonly trace: readonly TraceEvent[] | AppendList<TraceEvent>;
};

const NO_OUTCOMES: readonly DispatchOutcome[] = Object.freeze([]);

/**
 * Merges a node's update: the agent state is replaced, the trace and the batch outcomes are appended
 * to. The merged state is frozen, so a checkpoint holding it cannot change under its seal.
 */
export function mergeAgentUpdate(state: LocalGraphState, update: AgentGraphUpdate): LocalGraphState {
  // The list carries the trace's chain digest, so sealing a checkpoint need not re-read the trace.
  const trace =
    update.trace === undefined || update.trace.length === 0
      ? state.trace
      : AppendList.from(state.trace).append(update.trace);
  return Object.freeze({
    agent: update.agent ?? state.agent,
    trace,
    outcomes:
      update.outcomes === null
        ? NO_OUTCOMES
        : update.outcomes === undefined || update.outcomes.length === 0
          ? state.outcomes
          : [...state.outcomes, ...update.outcomes],
  });
}

export type AgentGraphDeps = Omit<AgentNodeDeps, "inputLimits"> & {
  readonly inputLimits?: AgentNodeDeps["inputLimits"];
  /** @default "fan_out" */
  readonly batchExecution?: BatchExecution;
};

export function buildLocalAgentGraph(
  deps: AgentGraphDeps,
  checkpointer: GraphCheckpointer<LocalGraphState>,
): CompiledGraph<LocalGraphState, AgentGraphUpdate> {
  const nodes = createAgentNodes({ ...deps, inputLimits: deps.inputLimits ?? DEFAULT_INPUT_LIMITS });
  const graph = new StateGraph<LocalGraphState, AgentGraphUpdate>(mergeAgentUpdate);
  for (const name of AGENT_NODES) {
    graph.addNode(name, (state, ctx) => nodes[name](state, ctx.interrupt as AgentInterrupt));
  }
  graph.addEdge(START, "plan");
  const mode = deps.batchExecution ?? "fan_out";
  const route = (s: LocalGraphState) => {
    const calls = fanOutCalls(s, mode);
    return calls === null
      ? routeByStatus(s.agent)
      : calls.map((call_id) => ({ node: "execute", arg: { ...s, dispatch: call_id } }));
  };
  for (const name of AGENT_NODES) graph.addConditionalEdges(name, route, PATH_MAP[name]);
  return graph.compile(checkpointer, { recursionLimit: recursionLimitFor(deps.limits) });
}
