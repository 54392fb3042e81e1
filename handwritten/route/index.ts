/** Frozen planner routes: the file format, what can replay, and the replaying planner. No @langchain import. */
export { checkReplayable } from "./check.js";
export { FIXTURE_ONLY, isFakeModel, plannerGate } from "./gate.js";
export type { PlannerGate } from "./gate.js";
export { callsOf, plannerTextOf } from "./planner-text.js";
export { createRoutePlanner, routeIdentity, ROUTE_PLANNER } from "./replay.js";
export type { RoutePlanner } from "./replay.js";
export {
  isRouteFileError,
  parseRoute,
  sealRoute,
  RouteFile,
  ROUTE_FILE_ERRORS,
  ROUTE_SCHEMA,
  ROUTE_UNMEASURABLE,
} from "./route.js";
export type {
  Route,
  RouteBody,
  RouteError,
  RouteErrorCode,
  RouteInvalidCall,
  RouteToolCall,
  RouteTurn,
} from "./route.js";
