/**
 * Replays what a comparison artifact claims from its own observations: each row's `equal` and
 * `verdict` (the column's verdict over the recorded observation), `judged` (the catalogue's), `all_equal`, `all_hold`, and the
 * planner gate (`plannerGate` over the route it names). Nothing the artifact states is taken as
 * read; every difference between what it says and what its data gives is returned.
 */
import { canonicalJson, type JsonValue } from "../../contract/index.js";
import { plannerGate, type Route } from "../../handwritten/route/index.js";
import { ALL_COLUMNS } from "../../scenarios/all-columns.js";
import { recordedVerdict, type Column } from "../../scenarios/column.js";
import { judgedOf } from "../../engines/catalogue.js";
import { allHold as allHoldOf, passes, type Judged } from "../../scenarios/verdict.js";
import { ROUTE_COLUMNS } from "../../scenarios/route-columns.js";
import { NOT_MEASURED, type ComparisonReport, type ScenarioRow } from "../comparison/schema.js";
import { judgedSide, type Side } from "./reading.js";

const COLUMNS: ReadonlyMap<string, Column> = new Map([...ALL_COLUMNS, ...ROUTE_COLUMNS].map((c) => [c.name, c]));

const said = (value: unknown) => JSON.stringify(value);

/**
 * Whether `side` of `row` holds, judged here by the column's verdict over the recorded observation
 * (null when that side was not measured, or the row is no column of this checkout).
 */
export function derivedHolds(row: ScenarioRow, side: Side, measured: boolean, judged: Judged): boolean | null {
  const column = COLUMNS.get(row.name);
  const observation = side === "handwritten" ? row.handwritten : row.framework;
  if (column === undefined || (side === "framework" && (observation === NOT_MEASURED || !measured))) return null;
  return passes(recordedVerdict(column, observation as JsonValue), judgedSide(row, side, judged));
}

function rowClaims(row: ScenarioRow, measured: boolean): string[] {
  const column = COLUMNS.get(row.name);
  if (column === undefined) return [`row ${row.name} is not a column of this checkout`];
  const framework = row.framework === NOT_MEASURED || !measured ? null : (row.framework as JsonValue);
  const verdict = {
    handwritten: recordedVerdict(column, row.handwritten),
    framework: framework === null ? null : recordedVerdict(column, framework),
  };
  const equal = framework === null ? null : canonicalJson(row.handwritten) === canonicalJson(framework);
  const wrong: string[] = [];
  if (row.equal !== equal)
    wrong.push(`${row.name}.equal says ${said(row.equal)}, its observations give ${said(equal)}`);
  if (row.family !== column.family)
    wrong.push(`${row.name}.family says ${row.family}, the column's is ${column.family}`);
  for (const side of ["handwritten", "framework"] as const)
    if (said(row.verdict[side]) !== said(verdict[side]))
      wrong.push(
        `${row.name}.verdict.${side} says ${said(row.verdict[side])}, the observation gives ${said(verdict[side])}`,
      );
  return wrong;
}

/**
 * Every claim of `report` its own data contradicts. `route` is the route it names, when the
 * submission holds it; without it the planner gate cannot be replayed and is not taken either.
 */
export function contradictions(report: ComparisonReport, route: Route | null): string[] {
  const measured = report.status === "measured";
  const wrong = report.scenarios.flatMap((row) => rowClaims(row, measured));
  const rows = report.scenarios;
  const allEqual = measured ? rows.every((r) => r.equal === true) : null;
  const judged = judgedOf(report.framework);
  if (report.judged !== judged) wrong.push(`judged says ${report.judged}, the engine catalogue ${judged}`);
  const allHold = measured ? allHoldOf(rows, judged) : null;
  if (report.all_equal !== allEqual)
    wrong.push(`all_equal says ${said(report.all_equal)}, its rows give ${said(allEqual)}`);
  if (report.all_hold !== allHold) wrong.push(`all_hold says ${said(report.all_hold)}, its rows give ${said(allHold)}`);
  const named = typeof report.planner === "string" ? null : report.planner;
  if (named !== null && route !== null && (named.model !== route.model.name || named.id !== route.id))
    wrong.push(
      `planner names ${named.id} from ${named.model}; the route with its digest is ${route.id} from ${route.model.name}`,
    );
  if (named === null || route !== null) {
    const gate = plannerGate(named === null ? null : route, measured);
    if (report.planner_gate !== gate.planner_gate || report.planner_gate_reason !== gate.planner_gate_reason)
      wrong.push(
        `planner_gate says ${report.planner_gate} (${said(report.planner_gate_reason)}), replayed: ${gate.planner_gate} (${said(gate.planner_gate_reason)})`,
      );
  }
  return wrong;
}

/** Where a re-run here observes otherwise than the artifact records, column by column. */
export function disagreements(report: ComparisonReport, rerun: ComparisonReport): string[] {
  return rerun.scenarios.flatMap((fresh) => {
    const claimed = report.scenarios.find((r) => r.name === fresh.name);
    if (claimed === undefined) return [`${fresh.name} is missing from the artifact`];
    return (["handwritten", "framework"] as const).flatMap((side) =>
      canonicalJson(claimed[side] as JsonValue) === canonicalJson(fresh[side] as JsonValue)
        ? []
        : [`${fresh.name}.${side}: a re-run here observes otherwise than the artifact records`],
    );
  });
}
