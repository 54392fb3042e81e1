/**
 * One run of every engine the registry knows over every column, reduced to verdicts: the page a
 * team reads before picking a runtime. Each column runs once per engine on fresh in-memory stores
 * with its scripted FixtureModel; an engine that cannot load is not measured in every column, with
 * its loader's reason, and nothing stands in for it.
 */
import { judgedOf } from "../../engines/catalogue.js";
import type { EngineSlot } from "../../engines/index.js";
import { judgeColumn, type Column } from "../../scenarios/index.js";
import { MATRIX_SCHEMA, type FrameworkMatrix, type MatrixEngine, type Verdict } from "./schema.js";

export const MATRIX_NOTE =
  "One run of every registered engine over every column, on in-memory stores with each column's scripted FixtureModel. behaviour holds or fails on what the engine did in the world (calls, side effects, what was stored, what the model was told); error: the engine threw or the column could not run, never counted as fails; vocabulary conforms or differs on the contract's codes, statuses and trace events, charged to contract engines and shown, not charged, for foreign ones (a native framework's behaviour failure is a finding about that framework; its vocabulary is not); not_measured: why it could not run.";

async function verdictOf(slot: EngineSlot, column: Column): Promise<Verdict> {
  if (slot.status === "not-measured") return { behaviour: "not_measured", reason: slot.reason };
  return (await judgeColumn(slot.factory, column, { graphSteps: false })).verdict;
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
    columns.push({ name: column.name, family: column.family, expected: column.expected, engines });
  }
  const count = (id: string, behaviour: Verdict["behaviour"]) =>
    columns.filter((c) => c.engines[id]?.behaviour === behaviour).length;
  const words = (id: string, vocabulary: "conforms" | "differs") =>
    columns.filter((c) => {
      const v = c.engines[id];
      return v !== undefined && "vocabulary" in v && v.vocabulary === vocabulary;
    }).length;
  const engines: MatrixEngine[] = input.slots.map((slot) => ({
    id: slot.id,
    version: slot.status === "measured" ? slot.version : null,
    judged: judgedOf(slot.id),
    status: slot.status === "measured" ? "measured" : "not_measured",
    reason: slot.status === "measured" ? null : slot.reason,
    holds: count(slot.id, "holds"),
    fails: count(slot.id, "fails"),
    error: count(slot.id, "error"),
    not_measured: count(slot.id, "not_measured"),
    vocabulary_conforms: words(slot.id, "conforms"),
    vocabulary_differs: words(slot.id, "differs"),
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
