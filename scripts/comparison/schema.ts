/** The comparison evidence's schema: what `compare.ts` writes and what tests read back. */
import { z } from "zod";
import { canonicalJson, isHarnessError, type JsonValue } from "../../contract/index.js";
import { FIXTURE_PLANNER } from "../../handwritten/fixtures/index.js";
import { FRAMEWORK_IDS } from "../../engines/catalogue.js";
import { ColumnFamily } from "../../scenarios/families.js";
import { EngineVerdict, Judged } from "../../scenarios/verdict.js";

export { EngineVerdict, Judged, Violation } from "../../scenarios/verdict.js";

// v2: a row's verdict carries behaviour and vocabulary apart (`verdict`), in place of v1's `holds` and `violations`.
export const COMPARISON_SCHEMA = "agent-harness.framework-comparison.v2";
export const NOT_MEASURED = "not-measured";

/**
 * JSON data by the contract's rule (canonicalJson refuses anything else, naming where), kept as it is. A zod union
 * of the six JSON types, tried at every value of the observations, made the report's check 2-5 times slower.
 */
const Json = z.custom<JsonValue>().check((ctx) => {
  const reason = notJsonData(ctx.value);
  if (reason !== null) ctx.issues.push({ code: "custom", message: reason, input: ctx.value });
});

function notJsonData(value: unknown): string | null {
  try {
    canonicalJson(value);
    return null;
  } catch (error) {
    if (isHarnessError(error) && error.code === "non_json_value") return error.message;
    throw error;
  }
}

const Graph = z.strictObject({
  nodes: z.number().int(),
  /** One per edge `getGraph()` draws: START's, plus one per target of each router. */
  edges: z.number().int(),
  conditional_edges: z.number().int(),
  /** Nodes with conditional edges: the count a "one conditional edge per router" rule gives. */
  routers: z.number().int(),
  /** The Mermaid file written beside the evidence, or null when none was written. */
  diagram: z.string().nullable(),
});

export const ScenarioRow = z.strictObject({
  name: z.string(),
  family: ColumnFamily,
  summary: z.string(),
  expected: z.string(),
  handwritten: Json,
  framework: z.union([Json, z.literal(NOT_MEASURED)]),
  equal: z.boolean().nullable(),
  /** Each engine's verdict on the column; the framework's is null when it was not measured. */
  verdict: z.strictObject({ handwritten: EngineVerdict, framework: EngineVerdict.nullable() }),
  graph_steps: z.union([z.number().int(), z.literal(NOT_MEASURED)]),
});
export type ScenarioRow = z.infer<typeof ScenarioRow>;

export const FRAMEWORK_LABEL = z.union([
  z.enum(FRAMEWORK_IDS),
  z.string().regex(/^module:\S+$/, "module engines are named module:<path>"),
]);

/** A replayed route as evidence names it (`routeIdentity`). */
export const RoutePlanner = z.strictObject({
  kind: z.literal("route"),
  id: z.string(),
  model: z.string(),
  digest: z.string(),
});
/** The planner gate as every evidence file carries it (`plannerGate` decides it). */
export const PlannerGateFields = {
  planner_gate: z.enum(["blocked", "open"]),
  planner_gate_reason: z.string().nullable(),
};

export const ComparisonReport = z.strictObject({
  schema: z.literal(COMPARISON_SCHEMA),
  framework: FRAMEWORK_LABEL,
  framework_version: z.string().nullable(),
  /** What the framework's verdicts charge it with (the engine table's `judged`): the handwritten engine is a contract engine. */
  judged: Judged,
  /** The framework version found installed (the pin check reads it even when it refuses to run it). */
  found_version: z.string().nullable(),
  status: z.enum(["measured", NOT_MEASURED]),
  reason: z.string().nullable(),
  planner: z.union([z.literal(FIXTURE_PLANNER), RoutePlanner]),
  ...PlannerGateFields,
  note: z.string(),
  // `store`: where the contract's stores lived (`--store`); absent in evidence written before the switch.
  runtime: z.strictObject({ node: z.string(), platform: z.string(), store: z.string().optional() }),
  generated_at: z.string(),
  commit: z.string().nullable(),
  graph: z.union([Graph, z.literal(NOT_MEASURED)]),
  scenarios: z.array(ScenarioRow),
  all_equal: z.boolean().nullable(),
  /** Every verdict passes what its engine is charged with (verdict.ts `passes`); an error never passes. */
  all_hold: z.boolean().nullable(),
});
export type ComparisonReport = z.infer<typeof ComparisonReport>;
