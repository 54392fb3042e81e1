/**
 * The planner gate of the course: "without a real route, stay blocked; never let the
 * FixtureModel pass for planner capability". Every evidence file and the learner checker decide
 * the gate here. It opens only for a measured replay of a route recorded from a model that is not
 * a fake.
 */
import type { Route } from "./route.js";

export type PlannerGate =
  | { readonly planner_gate: "blocked"; readonly planner_gate_reason: string }
  | { readonly planner_gate: "open"; readonly planner_gate_reason: null };

export const FIXTURE_ONLY =
  "only the FixtureModel ran: scripted outputs prove the harness contract, not a planner; replay a route recorded from a real model (tsx scripts/compare.ts --planner route:PATH) to open the gate";

/** A route recorded from one of the fake chat models (by the name or type the model reports). */
export function isFakeModel(model: Route["model"]): boolean {
  return /fake|scripted/i.test(`${model.name} ${String(model.params["llm_type"] ?? "")}`);
}

export function plannerGate(route: Route | null, measured: boolean): PlannerGate {
  if (route === null) return { planner_gate: "blocked", planner_gate_reason: FIXTURE_ONLY };
  if (isFakeModel(route.model))
    return {
      planner_gate: "blocked",
      planner_gate_reason: `route ${route.id} was recorded from a fake model (${route.model.name}): it shows the machinery, not a planner`,
    };
  if (!measured)
    return { planner_gate: "blocked", planner_gate_reason: `route ${route.id} could not be replayed and measured` };
  return { planner_gate: "open", planner_gate_reason: null };
}
