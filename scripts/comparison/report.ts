/**
 * The comparison: the handwritten engine runs every column first, then the framework does. Each
 * column records both observations, whether their canonical JSON is equal (parity), and each
 * engine's verdict on the column's expected signal, behaviour and vocabulary apart (scenarios/verdict.ts).
 * The evidence is written through the same zod schema it is checked against.
 */
import { canonicalJson, type JsonValue } from "../../contract/index.js";
import { FIXTURE_PLANNER } from "../../handwritten/fixtures/index.js";
import { createRoutePlanner, plannerGate, routeIdentity, type RoutePlanner } from "../../handwritten/route/index.js";
import { judgeColumn, type Column } from "../../scenarios/column.js";
import { chargesParity, judgedOf } from "../../engines/catalogue.js";
import { allHold, type EngineVerdict } from "../../scenarios/verdict.js";
import type { EngineFactory } from "../../runtime/api.js";
import {
  createEnvironment,
  type Environment,
  type EnvironmentOptions,
} from "../../handwritten/fixtures/environment.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import type { RunOptions } from "../../scenarios/scenario.js";
import type { PlannerChoice } from "./planner.js";
import { COMPARISON_SCHEMA, ComparisonReport, NOT_MEASURED, type ScenarioRow } from "./schema.js";

export { COMPARISON_SCHEMA, ComparisonReport, NOT_MEASURED } from "./schema.js";

/** Fields that change from run to run and are left out when a snapshot is compared. */
export const VOLATILE_FIELDS = ["generated_at", "commit", "runtime"] as const;

export const EVIDENCE_NOTE =
  "The planner is a FixtureModel playing scripted outputs: this evidence proves the harness contract, not planner quality, performance or learner mastery.";

export const ROUTE_NOTE =
  "The planner replays a frozen route recorded from a chat model: both engines get the same recorded turns. This evidence proves the harness contract under that route, not the planner's quality on other goals.";

export type Progress = (message: string) => void;

/** Why a framework could not run, and the version found when a wrong one is installed. */
export type Unavailable = { readonly unavailable: string; readonly found_version?: string | null };

export type CompareInput = {
  /** `local_state_graph`, `langgraph`, or `module:<path>` for an engine loaded from a module. */
  readonly framework: string;
  readonly factory: EngineFactory<string> | Unavailable;
  readonly scenarios: readonly Column[];
  /** HEAD's commit, or its promise: awaited once the columns have run. */
  readonly commit: string | null | PromiseLike<string | null>;
  readonly now: Date;
  readonly progress?: Progress | undefined;
  /** The file name the Mermaid picture is written to, beside the evidence; null when none is written. */
  readonly diagramFile?: string | null;
  /** Builds each run's environment; in memory unless `--store` names a database. */
  readonly environment?: ((options: EnvironmentOptions) => Environment) | undefined;
  /** The store as evidence names it. @default "memory" */
  readonly store?: string | undefined;
  /** @default the columns' own FixtureModels */
  readonly planner?: PlannerChoice;
};

export type Comparison = { readonly report: ComparisonReport; readonly diagram: string | null };

export async function compare(input: CompareInput): Promise<ComparisonReport> {
  return (await compareWithDiagram(input)).report;
}

export async function compareWithDiagram(input: CompareInput): Promise<Comparison> {
  const { factory, progress = () => undefined, planner = { kind: "fixture" } } = input;
  const route = planner.kind === "route" ? planner.route : null;
  const replays: RoutePlanner[] = [];
  // A fresh route planner per run, so each run's unanswered steps are its own.
  const runColumn = columnRunner((): RunOptions => {
    const environment = { environment: input.environment ?? createEnvironment };
    if (route === null) return environment;
    const replay = createRoutePlanner(route);
    replays.push(replay);
    return { ...environment, planner: replay };
  });
  const loaded = !("unavailable" in factory);
  const rows: ScenarioRow[] = [];
  for (const column of input.scenarios) {
    progress(`${column.name}: handwritten`);
    const reference = await runColumn(handwrittenFactory, column);
    if (!loaded) {
      rows.push(row(column, reference, null));
      continue;
    }
    progress(`${column.name}: ${factory.id}`);
    rows.push(row(column, reference, await runColumn(factory, column)));
  }
  const missed = replays.flatMap((r) => r.misses());
  const exhausted =
    route === null || missed.length === 0
      ? null
      : `route_exhausted: route ${route.id} holds ${route.turns.length} turns; an engine asked for step ${missed[0]}`;
  const measured = loaded && exhausted === null;
  const context = createEnvironment({ script: [] });
  const shape = loaded ? await factory.shape(context) : null;
  const diagram = loaded && shape !== null ? ((await factory.diagram?.(context)) ?? null) : null;
  const judged = judgedOf(input.framework);
  const report = ComparisonReport.parse({
    schema: COMPARISON_SCHEMA,
    framework: input.framework,
    framework_version: loaded ? factory.version : null,
    judged,
    found_version: loaded ? factory.version : (factory.found_version ?? null),
    status: measured ? "measured" : NOT_MEASURED,
    reason: loaded ? exhausted : factory.unavailable,
    planner: route === null ? FIXTURE_PLANNER : routeIdentity(route),
    ...plannerGate(route, measured),
    note: route === null ? EVIDENCE_NOTE : ROUTE_NOTE,
    runtime: { node: process.version, platform: `${process.platform}-${process.arch}`, store: input.store ?? "memory" },
    generated_at: input.now.toISOString(),
    commit: await input.commit,
    graph: shape === null ? NOT_MEASURED : { ...shape, diagram: diagram === null ? null : (input.diagramFile ?? null) },
    scenarios: measured
      ? rows
      : rows.map((r) => ({ ...r, framework: NOT_MEASURED, equal: null, verdict: { ...r.verdict, framework: null } })),
    all_equal: measured ? rows.every((r) => r.equal === true) : null,
    all_hold: measured ? allHold(rows, judged) : null,
  });
  return { report, diagram };
}

type ColumnRun = {
  readonly observation: JsonValue;
  readonly verdict: EngineVerdict;
  readonly steps: number | null;
};

/** An engine that throws mid-column gets an error verdict with the error as its observation; it never ends the comparison. */
const columnRunner =
  (options: () => RunOptions) =>
  (factory: EngineFactory<string>, column: Column): Promise<ColumnRun> =>
    judgeColumn(factory, column, options());

function row(column: Column, hw: ColumnRun, fw: ColumnRun | null): ScenarioRow {
  return {
    name: column.name,
    family: column.family,
    summary: column.summary,
    expected: column.expected,
    handwritten: hw.observation,
    framework: fw === null ? NOT_MEASURED : fw.observation,
    equal: fw === null ? null : canonicalJson(hw.observation) === canonicalJson(fw.observation),
    verdict: { handwritten: hw.verdict, framework: fw === null ? null : fw.verdict },
    graph_steps: fw?.steps ?? NOT_MEASURED,
  };
}

/**
 * 0 measured and every verdict passes what its engine is charged with (a contract engine: behaviour, vocabulary
 * and parity with the reference; a foreign engine: behaviour); 1 measured otherwise; 3 not measured.
 */
export function exitCodeFor(report: ComparisonReport): 0 | 1 | 3 {
  if (report.status === NOT_MEASURED) return 3;
  const parity = !chargesParity(report.framework) || report.all_equal === true;
  return parity && allHold(report.scenarios, report.judged) ? 0 : 1;
}

/** The report without its volatile fields, for comparing a regenerated snapshot with a committed one. */
export function stableView(report: unknown): unknown {
  const copy = { ...(report as Record<string, unknown>) };
  for (const field of VOLATILE_FIELDS) delete copy[field];
  return copy;
}
