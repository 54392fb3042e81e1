/**
 * The verdict matrix: one row per comparison column, one cell per engine, each cell's behaviour and vocabulary
 * apart. The handwritten engine runs in every comparison file; its cell is the worst of them (fails over error
 * over holds), its vocabulary differs if it differs in any, its violations the union of theirs.
 */
import type { Comparison, ComparisonRow, EngineVerdict, FrameworkVerdicts } from "./evidence-schemas.js";

/** A column family as the evidence names it (scenarios/families.ts is the table; the report reads no scenario code). */
export type Family = string;

export type Behaviour = "holds" | "fails" | "error" | "not_measured";
export type Vocabulary = EngineVerdict["vocabulary"];
export type Judged = Comparison["judged"];
export type Cell = {
  readonly behaviour: Behaviour;
  readonly vocabulary: Vocabulary;
  readonly violations: EngineVerdict["violations"];
  /** Why the engine errs, or was not measured; null otherwise. */
  readonly reason: string | null;
};
export type MatrixRow = {
  readonly name: string;
  readonly summary: string;
  readonly expected: string;
  readonly family: Family;
  readonly cells: Readonly<Record<string, Cell>>;
};
export type Matrix = {
  readonly engines: readonly string[];
  /** What each engine is charged with: a foreign engine's vocabulary is shown, not charged. */
  readonly judged: Readonly<Record<string, Judged>>;
  readonly rows: readonly MatrixRow[];
};

/** The family a row records; a row of a file that records none is left out of every family. */
export const familyOf = (row: Pick<ComparisonRow, "family">): Family | null => (row.family === "" ? null : row.family);

/** The families of a matrix in the order its rows name them first (the evidence lists columns family by family). */
export const familiesOf = (matrix: Matrix): readonly Family[] => [...new Set(matrix.rows.map((r) => r.family))];

export const NOT_MEASURED_CELL: Cell = {
  behaviour: "not_measured",
  vocabulary: "not_applicable",
  violations: [],
  reason: null,
};

export const cellOf = (v: EngineVerdict | null): Cell =>
  v === null
    ? NOT_MEASURED_CELL
    : { behaviour: v.behaviour, vocabulary: v.vocabulary, violations: v.violations, reason: v.error ?? null };

const RANK: Readonly<Record<Behaviour, number>> = { not_measured: 0, holds: 1, error: 2, fails: 3 };

function merge(a: Cell | undefined, b: Cell): Cell {
  if (a === undefined || a.behaviour === "not_measured") return b;
  if (b.behaviour === "not_measured") return a;
  const worse = RANK[b.behaviour] > RANK[a.behaviour] ? b : a;
  const seen = new Set<string>();
  const violations = [...a.violations, ...b.violations].filter((v) => {
    const key = `${v.kind}:${v.expectation}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const vocabulary = [a.vocabulary, b.vocabulary].includes("differs")
    ? "differs"
    : [a.vocabulary, b.vocabulary].includes("conforms")
      ? "conforms"
      : "not_applicable";
  return { behaviour: worse.behaviour, vocabulary, violations, reason: worse.reason };
}

export function buildMatrix(comparisons: readonly Comparison[]): Matrix {
  const engines = ["handwritten", ...comparisons.map((c) => c.framework)];
  const judged: Record<string, Judged> = { handwritten: "contract" };
  const rows = new Map<string, { row: ComparisonRow; family: Family; cells: Record<string, Cell> }>();
  for (const comparison of comparisons) {
    judged[comparison.framework] = comparison.judged;
    for (const row of comparison.scenarios) {
      const family = familyOf(row);
      if (family === null) continue;
      const entry = rows.get(row.name) ?? { row, family, cells: {} };
      entry.cells["handwritten"] = merge(entry.cells["handwritten"], cellOf(row.verdict.handwritten));
      entry.cells[comparison.framework] = cellOf(row.verdict.framework);
      rows.set(row.name, entry);
    }
  }
  return {
    engines,
    judged,
    rows: [...rows.values()].map(({ row, family, cells }) => ({
      name: row.name,
      summary: row.summary,
      expected: row.expected,
      family,
      cells: Object.fromEntries(engines.map((engine) => [engine, cells[engine] ?? NOT_MEASURED_CELL])),
    })),
  };
}

/**
 * The matrix with a column per engine the framework matrix measured beyond the comparisons (the
 * framework variants): each cell its verdict there, a column it did not run not measured.
 */
export function withFrameworkVerdicts(matrix: Matrix, framework: FrameworkVerdicts | null): Matrix {
  if (framework === null) return matrix;
  const extra = framework.engines.map((e) => e.id).filter((engine) => !matrix.engines.includes(engine));
  const byName = new Map(framework.columns.map((c) => [c.name, c.engines]));
  const cell = (row: MatrixRow, engine: string): Cell => {
    const verdict = byName.get(row.name)?.[engine];
    if (verdict === undefined) return NOT_MEASURED_CELL;
    return verdict.behaviour === "not_measured" ? { ...NOT_MEASURED_CELL, reason: verdict.reason } : cellOf(verdict);
  };
  return {
    engines: [...matrix.engines, ...extra],
    judged: { ...matrix.judged, ...Object.fromEntries(framework.engines.map((e) => [e.id, e.judged])) },
    rows: matrix.rows.map((row) => ({
      ...row,
      cells: { ...row.cells, ...Object.fromEntries(extra.map((engine) => [engine, cell(row, engine)])) },
    })),
  };
}
