/**
 * The verdict matrix: one row per comparison column, one cell per engine. The handwritten engine
 * runs in every comparison file; its cell fails if it fails in any of them, and its violations are
 * the union of theirs.
 */
import type { Comparison, ComparisonRow } from "./evidence.js";
import type { FrameworkVerdicts } from "./evidence-schemas.js";

export const FAMILIES = ["seed_faults", "peer_patterns", "parallel", "rewind", "routes", "secrets"] as const;
export type Family = (typeof FAMILIES)[number];

export type Verdict = "holds" | "fails" | "not_measured";
export type Cell = { readonly verdict: Verdict; readonly violations: readonly string[] };
export type MatrixRow = {
  readonly name: string;
  readonly summary: string;
  readonly expected: string;
  readonly family: Family;
  readonly cells: Readonly<Record<string, Cell>>;
};
export type Matrix = { readonly engines: readonly string[]; readonly rows: readonly MatrixRow[] };

/** The contract's seven fault injections (CONTRACT.md §4) and its four required columns (§5). */
const SEED_FAULTS = new Set([
  "schema_failure_side_effects",
  "pre_approval_state",
  "idempotency_replay",
  "interrupted_checkpoint",
  "timeout_after_side_effect",
  "timeout_before_side_effect",
  "approval_token_unbound",
  "crash_after_side_effect_idempotent",
  "crash_after_side_effect_high_risk",
  "tool_output_as_instruction",
]);

/**
 * A column's family: the one the evidence records when it does; otherwise read from the name
 * (the comparison's columns are named by what they do). What is none of the others comes from
 * the peers' known failure patterns (research/peers.md).
 */
export function familyOf(row: Pick<ComparisonRow, "name" | "family">): Family {
  const recorded = FAMILIES.find((family) => family === row.family);
  if (recorded !== undefined) return recorded;
  const name = row.name;
  if (SEED_FAULTS.has(name)) return "seed_faults";
  if (/^route_/.test(name)) return "routes";
  if (/secret|redact|sensitive/.test(name)) return "secrets";
  if (/rewind|rewound|restore|token_minted/.test(name)) return "rewind";
  if (/^parallel_|batch|mixed_/.test(name)) return "parallel";
  return "peer_patterns";
}

const cellOf = (holds: boolean | null, violations: readonly string[] | undefined): Cell =>
  holds === null
    ? { verdict: "not_measured", violations: [] }
    : { verdict: holds ? "holds" : "fails", violations: holds ? [] : [...(violations ?? [])] };

function merge(a: Cell | undefined, b: Cell): Cell {
  if (a === undefined || a.verdict === "not_measured") return b;
  if (b.verdict === "not_measured") return a;
  const verdict = a.verdict === "fails" || b.verdict === "fails" ? "fails" : "holds";
  return { verdict, violations: [...new Set([...a.violations, ...b.violations])] };
}

export function buildMatrix(comparisons: readonly Comparison[]): Matrix {
  const engines = ["handwritten", ...comparisons.map((c) => c.framework)];
  const rows = new Map<string, { row: ComparisonRow; cells: Record<string, Cell> }>();
  for (const comparison of comparisons) {
    for (const row of comparison.scenarios) {
      const entry = rows.get(row.name) ?? { row, cells: {} };
      entry.cells["handwritten"] = merge(
        entry.cells["handwritten"],
        cellOf(row.holds.handwritten, row.violations?.handwritten),
      );
      entry.cells[comparison.framework] = cellOf(row.holds.framework, row.violations?.framework);
      rows.set(row.name, entry);
    }
  }
  const missing: Cell = { verdict: "not_measured", violations: [] };
  return {
    engines,
    rows: [...rows.values()].map(({ row, cells }) => ({
      name: row.name,
      summary: row.summary,
      expected: row.expected,
      family: familyOf(row),
      cells: Object.fromEntries(engines.map((engine) => [engine, cells[engine] ?? missing])),
    })),
  };
}

/**
 * The matrix with a column per engine the framework matrix measured beyond the comparisons (the
 * framework variants): each cell its verdict there, a column it did not run not measured.
 */
export function withFrameworkVerdicts(matrix: Matrix, framework: FrameworkVerdicts | null): Matrix {
  if (framework === null) return matrix;
  const extra = [...new Set(framework.columns.flatMap((c) => Object.keys(c.engines)))].filter(
    (engine) => !matrix.engines.includes(engine),
  );
  const byName = new Map(framework.columns.map((c) => [c.name, c.engines]));
  const cell = (row: MatrixRow, engine: string): Cell => {
    const verdict = byName.get(row.name)?.[engine];
    if (verdict === undefined) return { verdict: "not_measured", violations: [] };
    return { verdict: verdict.verdict, violations: verdict.verdict === "fails" ? [...(verdict.violated ?? [])] : [] };
  };
  return {
    engines: [...matrix.engines, ...extra],
    rows: matrix.rows.map((row) => ({
      ...row,
      cells: { ...row.cells, ...Object.fromEntries(extra.map((engine) => [engine, cell(row, engine)])) },
    })),
  };
}
