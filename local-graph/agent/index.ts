export { buildLocalAgentGraph, mergeAgentUpdate } from "./build.js";
export type { AgentGraphDeps, LocalGraphState } from "./build.js";
export { LOCAL_GRAPH_CHECKPOINTER_KEY, localGraphFactory } from "./engine.js";
export { AGENT_NODES, createAgentNodes } from "./nodes.js";
export type {
  AgentGraphState,
  AgentGraphUpdate,
  AgentInterrupt,
  AgentNode,
  AgentNodeDeps,
  AgentNodeFn,
  AgentNodeInput,
  DispatchOutcome,
  ApprovalRequest,
} from "./nodes.js";
export { sealedGraphCheckpointer } from "./sealed-checkpointer.js";
export { END_NODE, fanOutCalls, PATH_MAP, recursionLimitFor, routeByStatus } from "./routes.js";
export type { BatchExecution, RouteTarget } from "./routes.js";
