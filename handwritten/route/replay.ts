/**
 * Replays a frozen route as a planner: turn `step` answers the state whose step it is, so a
 * re-run node gets the same answer. A step the route does not hold is not papered over: the
 * planner ends the run with a final answer that says so and remembers the step, and the caller
 * reports the route as not measured.
 */
import type { AgentState, Planner } from "../../contract/index.js";
import { finalAnswer } from "../fixtures/index.js";
import { plannerTextOf } from "./planner-text.js";
import type { Route } from "./route.js";

export const ROUTE_PLANNER = "route";

export type RoutePlanner = Planner & {
  readonly kind: typeof ROUTE_PLANNER;
  readonly route: Route;
  /** Steps the engine asked for that the route cannot answer, in the order asked. */
  misses(): readonly number[];
};

export function createRoutePlanner(route: Route): RoutePlanner {
  const missed: number[] = [];
  return {
    kind: ROUTE_PLANNER,
    route,
    misses: () => [...missed],
    respond(state: AgentState) {
      const turn = route.turns[state.step];
      if (turn !== undefined) return Promise.resolve(plannerTextOf(turn));
      if (!missed.includes(state.step)) missed.push(state.step);
      return Promise.resolve(finalAnswer(`route ${route.id} holds no answer for step ${state.step}`));
    },
  };
}

/** What the evidence says about a route planner. */
export function routeIdentity(route: Route) {
  return { kind: ROUTE_PLANNER, id: route.id, model: route.model.name, digest: route.digest } as const;
}
