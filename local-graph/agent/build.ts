/** The four-node agent graph on the local runtime. */
import { DEFAULT_INPUT_LIMITS } from "../../handwritten/contract/index.js";
import { START, StateGraph, type CompiledGraph, type GraphCheckpointer } from "../runtime/index.js";
import {
  AGENT_NODES,
  createAgentNodes,
  type AgentGraphState,
  type AgentGraphUpdate,
  type AgentInterrupt,
  type AgentNodeDeps,
} from "./nodes.js";
import { PATH_MAP, routeByStatus } from "./routes.js";

/** Merges a node's update: the agent state is replaced, the trace is appended to. */
export function mergeAgentUpdate(state: AgentGraphState, update: AgentGraphUpdate): AgentGraphState {
  return { agent: update.agent, trace: [...state.trace, ...update.trace] };
}

export type AgentGraphDeps = Omit<AgentNodeDeps, "inputLimits"> & {
  readonly inputLimits?: AgentNodeDeps["inputLimits"];
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
  for (const name of AGENT_NODES) graph.addConditionalEdges(name, (s) => routeByStatus(s.agent), PATH_MAP[name]);
  return graph.compile(checkpointer, { recursionLimit: 200 });
}
