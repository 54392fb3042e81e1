/**
 * The anchor of the session-length bench: bare LangGraph, no harness. A four-node graph (plan →
 * validate → policy → execute) with the adapter's state shape — a last-value `agent` channel
 * holding the status, the step and the growing message list, and an appending `trace` channel —
 * and the engine's shape: each node routes by the status it left, through a conditional edge over
 * the engine's path map (LangGraph reads the state the node made for it), as the engine's nodes do;
 * on the engine's own MemorySaver (`memorySaver()`, which keeps the frozen parts of a checkpoint by
 * reference: memory-serde.ts) with `durability: "sync"`. Its nodes append the very messages and trace
 * events the harness produced for the same calls, and do no contract work (validate parses the
 * planner text, nothing more), so adapter ÷ anchor is the adapter's own overhead. Like the harness's
 * state, what its nodes make is frozen (the workload's messages and events are already), so the
 * saver shares with both what they share between steps, and neither pays for serializing it.
 */
import { Annotation, END, START, StateGraph } from "./langgraph.js";
import { AGENT_NODES, type AgentNode } from "../../local-graph/agent/nodes.js";
import { PATH_MAP, type RouteTarget } from "../../local-graph/agent/routes.js";
import { memorySaver } from "./checkpointer.js";
import { UntracedRoute } from "./untraced-route.js";

/** What a harness run of the same calls left: messages [goal, (assistant, tool) × calls, final], and its trace. */
export type AnchorWorkload = {
  readonly messages: readonly unknown[];
  readonly trace: readonly unknown[];
  /** Trace events per call: planner_responded, call_validated, policy_allowed, intent_recorded, tool_succeeded. */
  readonly eventsPerCall: number;
  readonly calls: number;
};

type BareAgent = {
  readonly status: "ready" | "planned" | "validated" | "executing" | "done";
  readonly step: number;
  readonly messages: readonly unknown[];
};

const BareState = Annotation.Root({
  agent: Annotation<BareAgent>(),
  trace: Annotation<readonly unknown[]>({ reducer: (l, r) => Object.freeze([...l, ...r]), default: () => [] }),
});
type BareValues = typeof BareState.State;

const agentOf = (agent: BareAgent): BareAgent => Object.freeze(agent);

export type AnchorRun = {
  readonly us: number;
  /** When the timed `invoke` began, in µs on the monotonic clock (a CPU profile's clock). */
  readonly started_us: number;
  readonly graph_steps: number;
  readonly facts: number;
};

/** Where each status the anchor's nodes leave goes next: the engine's routes, for the statuses a run of calls passes. */
const NEXT: Readonly<Record<BareAgent["status"], RouteTarget>> = {
  ready: "plan",
  planned: "validate",
  validated: "policy",
  executing: "execute",
  done: END,
};

/**
 * The anchor's graph over `workload`: its nodes append the workload's messages and events, and
 * `onNodeEntry` hears each node entry. Compiled on its own MemorySaver.
 */
export function buildAnchorGraph(workload: AnchorWorkload, onNodeEntry: () => void = () => undefined) {
  const { messages, trace, eventsPerCall, calls } = workload;
  const at = (s: BareValues) => s.agent.step * eventsPerCall + 1;
  const nodes: Readonly<Record<AgentNode, (s: BareValues) => Partial<BareValues>>> = {
    plan: (s) => {
      const assistant = messages[1 + 2 * s.agent.step];
      return {
        agent: agentOf({ ...s.agent, status: "planned", messages: Object.freeze([...s.agent.messages, assistant]) }),
        trace: trace.slice(at(s), at(s) + 1),
      };
    },
    validate: (s) => {
      JSON.parse(String((s.agent.messages.at(-1) as { content?: unknown } | undefined)?.content ?? "null"));
      // The final answer ends the run here, as the harness's validate node does.
      const status = s.agent.step >= calls ? ("done" as const) : ("validated" as const);
      return { agent: agentOf({ ...s.agent, status }), trace: trace.slice(at(s) + 1, at(s) + 2) };
    },
    policy: (s) => ({ agent: agentOf({ ...s.agent, status: "executing" }), trace: trace.slice(at(s) + 2, at(s) + 4) }),
    execute: (s) => {
      const tool = messages[2 + 2 * s.agent.step];
      return {
        agent: agentOf({
          status: "ready",
          step: s.agent.step + 1,
          messages: Object.freeze([...s.agent.messages, tool]),
        }),
        trace: trace.slice(at(s) + 4, at(s) + 5),
      };
    },
  };
  const route = new UntracedRoute((s: BareValues) => NEXT[s.agent.status]);
  const node = (name: AgentNode) => (s: BareValues) => {
    onNodeEntry();
    return nodes[name](s);
  };
  const graph = new StateGraph(BareState)
    .addNode("plan", node("plan"))
    .addNode("validate", node("validate"))
    .addNode("policy", node("policy"))
    .addNode("execute", node("execute"))
    .addEdge(START, "plan");
  for (const name of AGENT_NODES) graph.addConditionalEdges(name, route, [...PATH_MAP[name]]);
  return graph.compile({ checkpointer: memorySaver() });
}

/**
 * Seeds a thread with the first `from` calls of the workload, then times `invoke(null)` running
 * the remaining calls and the final answer. Graph steps are counted by node entries.
 */
export async function runAnchor(workload: AnchorWorkload, from: number): Promise<AnchorRun> {
  const { messages, trace, eventsPerCall, calls } = workload;
  const eventsBefore = (call: number) => 1 + call * eventsPerCall;
  let entries = 0;
  const graph = buildAnchorGraph(workload, () => {
    entries += 1;
  });

  const config = {
    configurable: { thread_id: "anchor" },
    durability: "sync" as const,
    recursionLimit: 10 * calls + 50,
  };
  const seeded = agentOf({ status: "ready", step: from, messages: Object.freeze(messages.slice(0, 1 + 2 * from)) });
  await graph.updateState(config, { agent: seeded, trace: trace.slice(0, eventsBefore(from)) }, "execute");
  const start = process.hrtime.bigint();
  const final = (await graph.invoke(null, config)) as BareValues;
  const us = Number(process.hrtime.bigint() - start) / 1000;
  if (final.agent.status !== "done" || final.trace.length !== trace.length)
    throw new Error(`the anchor ended ${final.agent.status} with ${final.trace.length} of ${trace.length} events`);
  return { us, started_us: Number(start / 1000n), graph_steps: entries, facts: trace.length - eventsBefore(from) };
}
