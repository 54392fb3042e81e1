/**
 * The planner a comparison runs with: the scenarios' own FixtureModels, or a frozen route read
 * from a file. A file that is not a valid route is bad input (exit 2); a valid route this checkout
 * cannot replay is not measured (exit 3); a route file that exists but cannot be read is I/O (exit 4).
 * Nothing is written in any case.
 */
import { err, ok, type Result } from "../../contract/index.js";
import { DEFAULT_INPUT_LIMITS, readInputFile, type InputFileError } from "../../cli/index.js";
import { createFixtureRegistry, createFixtureWorld } from "../../handwritten/fixtures/index.js";
import { checkReplayable, isRouteFileError, parseRoute, type Route } from "../../handwritten/route/index.js";
import { ALL_COLUMNS } from "../../scenarios/all-columns.js";
import { ROUTE_COLUMNS } from "../../scenarios/route-columns.js";
import type { Column } from "../../scenarios/column.js";

export type PlannerArg = { readonly kind: "fixture" } | { readonly kind: "route"; readonly path: string };
export type PlannerChoice = { readonly kind: "fixture" } | { readonly kind: "route"; readonly route: Route };
export type PlannerError = { readonly exit: 2 | 3 | 4; readonly code: string; readonly message: string };

/** `fixture` or `route:PATH`, as --planner takes it. */
export function parsePlannerArg(value: string | undefined): Result<PlannerArg, string> {
  if (value === undefined || value === "fixture") return ok({ kind: "fixture" });
  if (value.startsWith("route:") && value.length > "route:".length) return ok({ kind: "route", path: value.slice(6) });
  return err(`--planner takes fixture or route:PATH, not ${JSON.stringify(value)}`);
}

export function loadPlanner(
  arg: PlannerArg,
  read: (path: string) => Result<string, InputFileError> = (path) =>
    readInputFile(path, { ...DEFAULT_INPUT_LIMITS, format: "json" }),
): Result<PlannerChoice, PlannerError> {
  if (arg.kind === "fixture") return ok(arg);
  // A FIFO, a device or a directory is refused unread; so is a file too large or too deep to parse.
  const text = read(arg.path);
  if (!text.ok) return err({ ...text.error, message: `route ${text.error.message}` });
  const parsed = parseRoute(text.value);
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
