/** The planner suite against the planners the core has: the FixtureModel and a replayed route. */
import { readFileSync } from "node:fs";
import { createFixtureModel } from "../../handwritten/fixtures/index.js";
import { createRoutePlanner, parseRoute } from "../../handwritten/route/index.js";
import { routeWeeklyReport } from "../../scenarios/index.js";
import { behavesLikeAPlanner } from "./planner-suite.js";

const route = parseRoute(readFileSync(new URL("../../routes/route_weekly_report.route.json", import.meta.url), "utf8"));
if (!route.ok) throw new Error(route.error.message);
const frozen = route.value;

behavesLikeAPlanner("FixtureModel", () => createFixtureModel(routeWeeklyReport.options.script), 5);
behavesLikeAPlanner("route replay", () => createRoutePlanner(frozen), frozen.turns.length + 1);
