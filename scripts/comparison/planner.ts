/**
 * The planner a comparison runs with: the scenarios' own FixtureModels, or a frozen route read
 * from a file. A file that is not a valid route is bad input (exit 2); a valid route this checkout
 * cannot replay is not measured (exit 3); a route file that exists but cannot be read is I/O (exit 4).
 * Nothing is written in any case.
 */
import { err, ok, type Result } from "../../contract/index.js";
import { createFixtureRegistry, createFixtureWorld } from "../../handwritten/fixtures/index.js";
import { checkReplayable, isRouteFileError, parseRoute, type Route } from "../../handwritten/route/index.js";
import { ALL_COLUMNS } from "../../scenarios/all-columns.js";
import { ROUTE_COLUMNS } from "../../scenarios/route-columns.js";
import type { Column } from "../../scenarios/column.js";
import type { PlannerError, PlannerSource } from "./planner-arg.js";

export type { PlannerArg, PlannerError, PlannerSource } from "./planner-arg.js";
export type PlannerChoice = { readonly kind: "fixture" } | { readonly kind: "route"; readonly route: Route };

/** The planner from its source (read by `readPlannerSource`): the route parsed and checked replayable here. */
export function loadPlanner(source: PlannerSource): Result<PlannerChoice, PlannerError> {
  if (source.kind === "fixture") return ok(source);
  const parsed = parseRoute(source.text);
  if (!parsed.ok) return err({ exit: isRouteFileError(parsed.error) ? 2 : 3, ...parsed.error });
  const registry = createFixtureRegistry(createFixtureWorld());
  const checked = checkReplayable(
    parsed.value,
    registry,
    ROUTE_COLUMNS.map((s) => s.name),
  );
  return checked.ok ? ok({ kind: "route", route: checked.value }) : err({ exit: 3, ...checked.error });
}

/** The columns a planner runs: every fixture column, or the one column the route was recorded on. */
export function scenariosFor(choice: PlannerChoice): readonly Column[] {
  return choice.kind === "fixture" ? ALL_COLUMNS : ROUTE_COLUMNS.filter((s) => s.name === choice.route.scenario);
}
