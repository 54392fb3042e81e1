/**
 * The graph state on LangGraph: the same three fields as the local graph. `agent` is a last-value
 * channel (each node hands back the whole new agent state); `trace` appends the events a node
 * added, and `outcomes` those the fan-out tasks of a batch wrote (null clears them), as
 * `mergeAgentUpdate` does on the local runtime. A fan-out task writes only `outcomes`, so
 * parallel tasks never write the last-value channel twice in one superstep.
 */
import { Annotation } from "./langgraph.js";
import type { AgentState, AppendList, TraceEvent } from "../../contract/index.js";
import type { DispatchOutcome } from "../../local-graph/agent/nodes.js";
import { extendList } from "./held-values.js";

/** The trace as LangGraph holds it: an `AppendList`, or a plain array when seeded or read back from a durable saver. */
export type TraceChannel = readonly TraceEvent[] | AppendList<TraceEvent>;

/** The last append to each list: the events appended and the list they made. */
const lastAppend = new WeakMap<TraceChannel, { readonly events: readonly TraceEvent[]; readonly list: TraceChannel }>();

/**
 * Appends to an `AppendList`, as the local graph does: a step shares the trace of the step before
 * it instead of copying it, and the list carries the trace's chain digest for the seal (`sealed-saver.ts`).
 *
 * LangGraph applies a node's writes twice: once to a copy of the channels, for the node's
 * conditional edge to read the state the node made, then for real. The second call, with the same
 * list and the same events, gets the list the first made: each event is kept and hashed once, and
 * the second append does not copy the list (only the newest version of a list extends its store).
 */
export function appendTrace(left: TraceChannel, right: readonly TraceEvent[]): TraceChannel {
  if (right.length === 0) return left;
  const last = lastAppend.get(left);
  if (last !== undefined && sameEvents(last.events, right)) return last.list;
  const events = [...right];
  const list = extendList(left, events);
  lastAppend.set(left, { events, list });
  return list;
}

export const AgentStateAnnotation = Annotation.Root({
  agent: Annotation<AgentState>(),
  trace: Annotation<TraceChannel, readonly TraceEvent[]>({ reducer: appendTrace, default: () => [] }),
  outcomes: Annotation<readonly DispatchOutcome[], readonly DispatchOutcome[] | null>({
    reducer: (left, right) => (right === null ? [] : [...left, ...right]),
    default: () => [],
  }),
});

export type LangGraphAgentState = typeof AgentStateAnnotation.State;
export type LangGraphAgentUpdate = typeof AgentStateAnnotation.Update;

const sameEvents = (a: readonly TraceEvent[], b: readonly TraceEvent[]): boolean =>
  a.length === b.length && a.every((event, i) => event === b[i]);
