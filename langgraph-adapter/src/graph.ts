/**
 * The four shared agent nodes as a LangGraph `StateGraph`. Each node is the very function the
 * local graph runs, handed LangGraph's own `interrupt()`; routing is the shared `routeByStatus`
 * over the shared path map. Nothing here decides anything the contract decides.
 */
import { END, interrupt, Send, START, StateGraph, type BaseCheckpointSaver } from "./langgraph.js";
import { DEFAULT_INPUT_LIMITS, type AgentStatus, type ApprovalInput } from "../../contract/index.js";
import {
  AGENT_NODES,
  createAgentNodes,
  type AgentInterrupt,
  type AgentNode,
  type ApprovalRequest,
} from "../../local-graph/agent/nodes.js";
import { END_NODE, fanOutCalls, PATH_MAP, routeByStatus } from "../../local-graph/agent/routes.js";
import type { AgentGraphDeps } from "../../local-graph/agent/build.js";
import { AgentStateAnnotation, type LangGraphAgentState } from "./state.js";
import { UntracedRoute } from "./untraced-route.js";

/** The shared routes name the end `__end__`; LangGraph must agree, or every path map is wrong. */
if ((END as string) !== END_NODE) throw new Error(`LangGraph's END is ${END}, the shared routes use ${END_NODE}`);

/** LangGraph's interrupt, typed as the nodes expect: it pauses the node, and on resume returns the person's answer. */
const langGraphInterrupt: AgentInterrupt = (request: ApprovalRequest) =>
  interrupt<ApprovalRequest, ApprovalInput>(request);

/** Called each time LangGraph enters a node (re-runs included) with the status it found, for tests. */
export type NodeEntryListener = (node: AgentNode, status: AgentStatus) => void;

export type LangGraphBuildOptions = {
  readonly checkpointer: BaseCheckpointSaver;
  readonly onNodeEntry?: NodeEntryListener;
};

export function buildLangGraphAgentGraph(deps: AgentGraphDeps, options: LangGraphBuildOptions) {
  const nodes = createAgentNodes({ ...deps, inputLimits: deps.inputLimits ?? DEFAULT_INPUT_LIMITS });
  const node = (name: AgentNode) => async (state: LangGraphAgentState & { readonly dispatch?: string }) => {
    options.onNodeEntry?.(name, state.agent.status);
    return nodes[name](state, langGraphInterrupt);
  };
  const mode = deps.batchExecution ?? "fan_out";
  // A batch's dispatched calls fan out with LangGraph's own `Send`: one task per call, in one superstep.
  const route = (state: LangGraphAgentState): ReturnType<typeof routeByStatus> | Send[] => {
    const calls = fanOutCalls(state, mode);
    return calls === null
      ? routeByStatus(state.agent)
      : calls.map((call_id) => new Send("execute", { ...state, dispatch: call_id }));
  };
  // Handed to LangGraph as a Runnable that only calls `route`: a plain function would be wrapped in a
  // traced RunnableLambda (a callback run and a LangSmith run tree per route, a sixth of a step).
  const router = new UntracedRoute(route);
  const graph = new StateGraph(AgentStateAnnotation)
    .addNode("plan", node("plan"))
    .addNode("validate", node("validate"))
    .addNode("policy", node("policy"))
    .addNode("execute", node("execute"))
    .addEdge(START, "plan");
  for (const name of AGENT_NODES) graph.addConditionalEdges(name, router, [...PATH_MAP[name]]);
  return graph.compile({ checkpointer: options.checkpointer });
}

export type LangGraphAgentGraph = ReturnType<typeof buildLangGraphAgentGraph>;
