/**
 * The comparison: the handwritten engine runs every scenario first, then the framework does,
 * and each column records both observations and whether their canonical JSON is equal. The
 * evidence is written through the same zod schema it is checked against.
 */
import { z } from "zod";
import { canonicalJson, type JsonValue } from "../../handwritten/contract/index.js";
import { FIXTURE_PLANNER } from "../../handwritten/fixtures/index.js";
import type { EngineFactory, GraphShape } from "../../scenarios/engine.js";
import { createEnvironment } from "../../scenarios/environment.js";
import { handwrittenFactory } from "../../scenarios/handwritten-engine.js";
import { runScenario, type Scenario } from "../../scenarios/scenario.js";

export const COMPARISON_SCHEMA = "agent-harness.framework-comparison.v1";
export const NOT_MEASURED = "not-measured";

const Json: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(Json), z.record(z.string(), Json)]),
);
const Shape = z.strictObject({ nodes: z.number().int(), edges: z.number().int(), conditional_edges: z.number().int() });

export const ComparisonReport = z.strictObject({
  schema: z.literal(COMPARISON_SCHEMA),
  framework: z.enum(["local_state_graph", "langgraph"]),
  framework_version: z.string().nullable(),
  status: z.enum(["measured", NOT_MEASURED]),
  reason: z.string().nullable(),
  planner: z.literal(FIXTURE_PLANNER),
  note: z.string(),
  runtime: z.strictObject({ node: z.string(), platform: z.string() }),
  generated_at: z.string(),
  commit: z.string().nullable(),
  graph: z.union([Shape, z.literal(NOT_MEASURED)]),
  scenarios: z.array(
    z.strictObject({
      name: z.string(),
      summary: z.string(),
      handwritten: Json,
      framework: z.union([Json, z.literal(NOT_MEASURED)]),
      equal: z.boolean().nullable(),
      graph_steps: z.union([z.number().int(), z.literal(NOT_MEASURED)]),
    }),
  ),
  all_equal: z.boolean().nullable(),
});
export type ComparisonReport = z.infer<typeof ComparisonReport>;

/** Fields that change from run to run and are left out when a snapshot is compared. */
export const VOLATILE_FIELDS = ["generated_at", "commit", "runtime"] as const;

export const EVIDENCE_NOTE =
  "The planner is a FixtureModel playing scripted outputs: this evidence proves the harness contract, not planner quality, performance or learner mastery.";

export type Progress = (message: string) => void;

export type CompareInput = {
  readonly framework: "local_state_graph" | "langgraph";
  readonly factory: EngineFactory | { readonly unavailable: string };
  readonly scenarios: readonly Scenario[];
  readonly commit: string | null;
  readonly now: Date;
  readonly progress?: Progress | undefined;
};

export async function compare(input: CompareInput): Promise<ComparisonReport> {
  const { factory, progress = () => undefined } = input;
  const measured = !("unavailable" in factory);
  const rows: ComparisonReport["scenarios"] = [];
  for (const scenario of input.scenarios) {
    progress(`${scenario.name}: handwritten`);
    const reference = await runScenario(handwrittenFactory, scenario);
    if (!measured) {
      rows.push({
        name: scenario.name,
        summary: scenario.summary,
        handwritten: reference.observation,
        framework: NOT_MEASURED,
        equal: null,
        graph_steps: NOT_MEASURED,
      });
      continue;
    }
    progress(`${scenario.name}: ${factory.id}`);
    const run = await runScenario(factory, scenario);
    rows.push({
      name: scenario.name,
      summary: scenario.summary,
      handwritten: reference.observation,
      framework: run.observation,
      equal: canonicalJson(reference.observation) === canonicalJson(run.observation),
      graph_steps: run.graph_steps ?? NOT_MEASURED,
    });
  }
  const shape: GraphShape | null = measured ? factory.shape(createEnvironment({ script: [] })) : null;
  return ComparisonReport.parse({
    schema: COMPARISON_SCHEMA,
    framework: input.framework,
    framework_version: measured ? factory.version : null,
    status: measured ? "measured" : NOT_MEASURED,
    reason: measured ? null : factory.unavailable,
    planner: FIXTURE_PLANNER,
    note: EVIDENCE_NOTE,
    runtime: { node: process.version, platform: `${process.platform}-${process.arch}` },
    generated_at: input.now.toISOString(),
    commit: input.commit,
    graph: shape ?? NOT_MEASURED,
    scenarios: rows,
    all_equal: measured ? rows.every((r) => r.equal === true) : null,
  });
}

/** 0 measured and all equal, 1 measured with a difference, 3 not measured (2 is bad usage, decided earlier). */
export function exitCodeFor(report: ComparisonReport): 0 | 1 | 3 {
  if (report.status === NOT_MEASURED) return 3;
  return report.all_equal === true ? 0 : 1;
}

/** The report without its volatile fields, for comparing a regenerated snapshot with a committed one. */
export function stableView(report: unknown): unknown {
  const copy = { ...(report as Record<string, unknown>) };
  for (const field of VOLATILE_FIELDS) delete copy[field];
  return copy;
}
