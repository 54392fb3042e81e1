/**
 * Routing of the agent graph: the agent's status alone decides the next node. Each node's
 * conditional edge declares the subset of targets it can reach (the path map).
 */
import { assertNever, type AgentState } from "../../handwritten/contract/index.js";
import type { AgentNode } from "./nodes.js";

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
  execute: ["plan", "execute", END_NODE],
});
