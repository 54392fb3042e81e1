/**
 * One run of every engine the registry knows over every column, reduced to verdicts: the page a
 * team reads before picking a runtime. Each column runs once per engine on fresh in-memory stores
 * with its scripted FixtureModel; an engine that cannot load is not measured in every column, with
 * its loader's reason, and nothing stands in for it.
 */
import type { EngineSlot } from "../../scenarios/engines.js";
import { runScenario, type Column } from "../../scenarios/index.js";
import { MATRIX_SCHEMA, type FrameworkMatrix, type MatrixEngine, type Verdict } from "./schema.js";

export const MATRIX_NOTE =
  "One run of every registered engine over every column, on in-memory stores with each column's scripted FixtureModel. holds: the column's expected signal is seen; fails: the expectations it broke (a native framework's failing column is a finding about that framework, not a defect of the harness); not_measured: why it could not run.";

async function verdictOf(slot: EngineSlot, column: Column): Promise<Verdict> {
  if (slot.status === "not-measured") return { verdict: "not_measured", reason: slot.reason };
  try {
    const run = await runScenario(slot.factory, column, { graphSteps: false });
    const violated = column.verdict(run.observation);
    return violated.length === 0 ? { verdict: "holds" } : { verdict: "fails", violated: [...violated] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { verdict: "fails", violated: [`the engine ran the column to its end (it threw: ${message})`] };
  }
}

export async function buildMatrix(input: {
  readonly slots: readonly EngineSlot[];
  readonly columns: readonly Column[];
  readonly now: Date;
  readonly commit: string | null;
  readonly progress?: (message: string) => void;
}): Promise<FrameworkMatrix> {
  const columns: FrameworkMatrix["columns"] = [];
  for (const column of input.columns) {
    const engines: Record<string, Verdict> = {};
    for (const slot of input.slots) {
      input.progress?.(`${column.name}: ${slot.id}`);
      engines[slot.id] = await verdictOf(slot, column);
    }
    columns.push({ name: column.name, expected: column.expected, engines });
  }
  const count = (id: string, verdict: Verdict["verdict"]) =>
    columns.filter((c) => c.engines[id]?.verdict === verdict).length;
  const engines: MatrixEngine[] = input.slots.map((slot) => ({
    id: slot.id,
    version: slot.status === "measured" ? slot.version : null,
    status: slot.status === "measured" ? "measured" : "not_measured",
    reason: slot.status === "measured" ? null : slot.reason,
    holds: count(slot.id, "holds"),
    fails: count(slot.id, "fails"),
    not_measured: count(slot.id, "not_measured"),
  }));
  return {
    schema: MATRIX_SCHEMA,
    note: MATRIX_NOTE,
    generated_at: input.now.toISOString(),
    commit: input.commit,
    planner: "fixture",
    store: "memory",
    engines,
    columns,
  };
}
