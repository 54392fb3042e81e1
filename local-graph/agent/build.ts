/** The four-node agent graph on the local runtime. */
import { appendedAll, DEFAULT_INPUT_LIMITS } from "../../contract/index.js";
import { START, StateGraph, type CompiledGraph, type GraphCheckpointer } from "../runtime/index.js";
import {
  AGENT_NODES,
  createAgentNodes,
  type AgentGraphState,
  type AgentGraphUpdate,
  type AgentInterrupt,
  type AgentNodeDeps,
} from "./nodes.js";
import { fanOutCalls, PATH_MAP, recursionLimitFor, routeByStatus, type BatchExecution } from "./routes.js";

/** Merges a node's update: the agent state is replaced, the trace and the batch outcomes are appended to. */
export function mergeAgentUpdate(state: AgentGraphState, update: AgentGraphUpdate): AgentGraphState {
  // appendedAll carries the trace's chain digest, so sealing a checkpoint need not re-read the trace.
  return {
    agent: update.agent ?? state.agent,
    trace: appendedAll(state.trace, update.trace ?? []),
    outcomes:
      update.outcomes === null
        ? []
        : update.outcomes === undefined || update.outcomes.length === 0
          ? state.outcomes
          : [...state.outcomes, ...update.outcomes],
  };
}

export type AgentGraphDeps = Omit<AgentNodeDeps, "inputLimits"> & {
  readonly inputLimits?: AgentNodeDeps["inputLimits"];
  /** @default "fan_out" */
  readonly batchExecution?: BatchExecution;
};

export function buildLocalAgentGraph(
  deps: AgentGraphDeps,
  checkpointer: GraphCheckpointer<AgentGraphState>,
): CompiledGraph<AgentGraphState, AgentGraphUpdate> {
  const nodes = createAgentNodes({ ...deps, inputLimits: deps.inputLimits ?? DEFAULT_INPUT_LIMITS });
  const graph = new StateGraph<AgentGraphState, AgentGraphUpdate>(mergeAgentUpdate);
  for (const name of AGENT_NODES) {
    graph.addNode(name, (state, ctx) => nodes[name](state, ctx.interrupt as AgentInterrupt));
  }
  graph.addEdge(START, "plan");
  const mode = deps.batchExecution ?? "fan_out";
  const route = (s: AgentGraphState) => {
    const calls = fanOutCalls(s, mode);
    return calls === null
      ? routeByStatus(s.agent)
      : calls.map((call_id) => ({ node: "execute", arg: { ...s, dispatch: call_id } }));
  };
  for (const name of AGENT_NODES) graph.addConditionalEdges(name, route, PATH_MAP[name]);
  return graph.compile(checkpointer, { recursionLimit: recursionLimitFor(deps.limits) });
}
