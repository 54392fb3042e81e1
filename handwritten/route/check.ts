/** Whether this checkout can replay a valid route: its scenario and the tools it was offered. */
import { err, ok, toolOffersDigest, type Result, type ToolRegistry } from "../../contract/index.js";
import type { Route, RouteError } from "./route.js";

export function checkReplayable(
  route: Route,
  registry: ToolRegistry,
  scenarios: readonly string[],
): Result<Route, RouteError> {
  if (!scenarios.includes(route.scenario))
    return err({
      code: "route_unknown_scenario",
      message: `the route was recorded on scenario ${JSON.stringify(route.scenario)}, which this checkout does not have (known: ${scenarios.join(", ")})`,
    });
  const missing = route.tools.filter((name) => registry.get(name) === undefined);
  if (missing.length > 0)
    return err({
      code: "route_tools_missing",
      message: `the route was recorded with tools the registry lacks: ${missing.join(", ")}`,
    });
  const digest = toolOffersDigest(registry);
  if (digest !== route.tools_digest)
    return err({
      code: "route_tools_changed",
      message: `the registry's tools (digest ${digest.slice(0, 12)}…) are not the ones the route was recorded against (${route.tools_digest.slice(0, 12)}…): record it again`,
    });
  return ok(route);
}
