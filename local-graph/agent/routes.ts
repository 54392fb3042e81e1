/**
 * Routing of the agent graph: the agent's status alone decides the next node. Each node's
 * conditional edge declares the subset of targets it can reach (the path map).
 */
import { assertNever, callsIn, type AgentLimits, type AgentState } from "../../contract/index.js";
import type { AgentNode, AgentNodeInput } from "./nodes.js";

export const END_NODE = "__end__";
export type RouteTarget = AgentNode | typeof END_NODE;

export function routeByStatus(agent: AgentState): RouteTarget {
  switch (agent.status) {
    case "ready":
      return "plan";
    case "planned":
      return "validate";
    case "validated":
    case "approval_required":
    case "authorized":
      return "policy";
    case "executing":
      return "execute";
    case "batch":
      return callsIn(agent.batch, "validated").length + callsIn(agent.batch, "authorized").length > 0
        ? "policy"
        : "execute";
    case "reconcile_required":
    case "done":
    case "failed":
    case "step_limit":
      return END_NODE;
    default:
      return assertNever(agent);
  }
}

/** Where each node can go next. START goes to plan by a plain edge. */
export const PATH_MAP: Readonly<Record<AgentNode, readonly RouteTarget[]>> = Object.freeze({
  plan: ["validate", END_NODE],
  validate: ["policy", "plan", END_NODE],
  policy: ["execute", "policy", "plan", END_NODE],
  execute: ["plan", "execute", "policy", END_NODE],
});

/** How a graph runs the dispatched calls of a batch: one task per call, or the whole batch in one node. */
export type { BatchExecution } from "../../runtime/index.js";
import type { BatchExecution } from "../../runtime/index.js";

/**
 * The calls a fan-out sends one task each, or null when the route is a plain edge. Only a batch
 * whose dispatched calls have not yet written their outcomes fans out; once they have, `execute`
 * runs once more, as a plain step, to join them into one fact.
 */
export function fanOutCalls(state: AgentNodeInput, mode: BatchExecution): readonly string[] | null {
  const { agent } = state;
  if (mode !== "fan_out" || agent.status !== "batch" || state.outcomes.length > 0) return null;
  if (routeByStatus(agent) !== "execute") return null;
  return callsIn(agent.batch, "executing").map((c) => c.call_id);
}

/**
 * Node executions one invoke may take, from the run's own bounds: each planner turn is at most
 * plan, validate, policy twice (the approval wait is its own step), and one execute per attempt;
 * then the last plan. Never below 200, the fixed bound before long sessions were measured.
 */
export function recursionLimitFor(limits: AgentLimits): number {
  return Math.max(200, (limits.maxSteps + 1) * (4 + 1 + limits.maxRetries + 1));
}
