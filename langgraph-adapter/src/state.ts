/**
 * The graph state on LangGraph: the same three fields as the local graph. `agent` is a last-value
 * channel (each node hands back the whole new agent state); `trace` appends the events a node
 * added, and `outcomes` those the fan-out tasks of a batch wrote (null clears them), as
 * `mergeAgentUpdate` does on the local runtime. A fan-out task writes only `outcomes`, so
 * parallel tasks never write the last-value channel twice in one superstep.
 */
import { Annotation } from "./langgraph.js";
import { appendedAll, type AgentState, type TraceEvent } from "../../contract/index.js";
import type { DispatchOutcome } from "../../local-graph/agent/nodes.js";

/** Appends through `appendedAll`, which carries the trace's chain digest for the seal (`sealed-saver.ts`). */
export const appendTrace = (left: readonly TraceEvent[], right: readonly TraceEvent[]): readonly TraceEvent[] =>
  appendedAll(left, right);

export const AgentStateAnnotation = Annotation.Root({
  agent: Annotation<AgentState>(),
  trace: Annotation<readonly TraceEvent[]>({ reducer: appendTrace, default: () => [] }),
  outcomes: Annotation<readonly DispatchOutcome[], readonly DispatchOutcome[] | null>({
    reducer: (left, right) => (right === null ? [] : [...left, ...right]),
    default: () => [],
  }),
});

export type LangGraphAgentState = typeof AgentStateAnnotation.State;
export type LangGraphAgentUpdate = typeof AgentStateAnnotation.Update;
