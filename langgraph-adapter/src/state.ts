/**
 * The graph state on LangGraph: the same two fields as the local graph. `agent` is a last-value
 * channel (each node hands back the whole new agent state); `trace` appends the events a node
 * added, as `mergeAgentUpdate` does on the local runtime.
 */
import { Annotation } from "@langchain/langgraph";
import type { AgentState, TraceEvent } from "../../handwritten/contract/index.js";

export const appendTrace = (left: readonly TraceEvent[], right: readonly TraceEvent[]): readonly TraceEvent[] => [
  ...left,
  ...right,
];

export const AgentStateAnnotation = Annotation.Root({
  agent: Annotation<AgentState>(),
  trace: Annotation<readonly TraceEvent[]>({ reducer: appendTrace, default: () => [] }),
});

export type LangGraphAgentState = typeof AgentStateAnnotation.State;
export type LangGraphAgentUpdate = typeof AgentStateAnnotation.Update;
