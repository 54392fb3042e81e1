/**
 * The submission's metrics, derived here from the comparisons the checker verified (their claims
 * replayed, their gate and route columns run again), never read from the submission. Each metric
 * reads the verdicts of one family of columns, judged by the column's own verdict over the recorded
 * observation; a metric no verified comparison covers is not derived, and says why.
 */
import type { ComparisonReport } from "../comparison/schema.js";
import { derivedHolds } from "./claims.js";
import type { Side } from "./reading.js";

type Cell = { readonly column: string; readonly side: Side; readonly holds: boolean };

export type DerivedMetric =
  { readonly value: number | boolean; readonly from: string } | { readonly value: null; readonly why: string };

type MetricDerivation = {
  readonly name: string;
  /** The columns it reads; null: every row of every verified comparison. */
  readonly columns: readonly string[] | null;
  readonly derive: (cells: readonly Cell[], reports: readonly ComparisonReport[]) => number | boolean;
  readonly how: string;
};

const rate = (cells: readonly Cell[]) => cells.filter((c) => c.holds).length / cells.length;

/** One row per metric the checker derives; the template's metrics and the valid fixture's extra one. */
export const METRIC_DERIVATIONS: readonly MetricDerivation[] = [
  {
    name: "schema_validity",
    columns: ["schema_failure_side_effects", "malformed_planner_outputs"],
    derive: rate,
    how: "schema columns' cells that hold / cells",
  },
  {
    name: "unapproved_side_effects",
    columns: [
      "pre_approval_state",
      "approval_token_unbound",
      "stale_approval_replayed",
      "approval_then_changed_arguments",
      "restart_while_awaiting_approval",
      "tool_output_as_instruction",
      "always_deny_refused",
      "approval_declined",
      "bare_executor_refused",
      "mixed_approve_decline",
      "parallel_mixed_risk",
      "approval_replayed_after_rewind",
      "fresh_token_after_restore_and_restart",
      "token_minted_before_decline",
      "token_minted_before_decline_restart",
      "batch_approval_rewound",
      "batch_approval_rewound_single_node",
      "double_resume_same_approval",
      "double_resume_batch_approval",
    ],
    derive: (cells) => cells.filter((c) => !c.holds).length,
    how: "approval columns' cells that do not hold (each a run where a gated call was not held to its approval)",
  },
  {
    name: "recoverable_fault_recovery_rate",
    columns: [
      "interrupted_checkpoint",
      "timeout_after_side_effect",
      "timeout_before_side_effect",
      "transient_failure_retried",
      "read_only_timeout_retried",
      "crash_after_side_effect_idempotent",
      "parallel_resume_after_interrupt",
      "parallel_crash_mid_batch",
    ],
    derive: rate,
    how: "recoverable fault columns' cells that hold / cells",
  },
  {
    name: "comparison_all_equal",
    columns: null,
    derive: (_cells, reports) => reports.every((r) => r.scenarios.every((row) => row.equal === true)),
    how: "every row of every verified measured comparison equal",
  },
];

/** Every derivable metric by name, from the verified, measured comparisons. */
export function deriveMetrics(reports: readonly ComparisonReport[]): ReadonlyMap<string, DerivedMetric> {
  const measured = reports.filter((r) => r.status === "measured");
  const cells: Cell[] = measured.flatMap((report) =>
    report.scenarios.flatMap((row) =>
      (["handwritten", "framework"] as const).flatMap((side) => {
        const holds = derivedHolds(row, side, true, report.judged);
        return holds === null ? [] : [{ column: row.name, side, holds }];
      }),
    ),
  );
  const derived = new Map<string, DerivedMetric>();
  for (const metric of METRIC_DERIVATIONS) {
    const read = metric.columns === null ? cells : cells.filter((c) => metric.columns?.includes(c.column));
    derived.set(
      metric.name,
      read.length === 0
        ? {
            value: null,
            why: `no verified, measured comparison among the artifacts has a column it reads (${metric.how}): add the output of npm run compare -- --output PATH`,
          }
        : { value: metric.derive(read, measured), from: `${metric.how}, over ${read.length} cells` },
    );
  }
  return derived;
}

export type FailingColumn = { readonly column: string; readonly artifact: string; readonly sides: readonly Side[] };

/** Every column that fails on some side of a verified, measured comparison, with the artifact it is in. */
export function failingColumns(verified: readonly { readonly path: string; readonly report: ComparisonReport }[]) {
  return verified
    .filter(({ report }) => report.status === "measured")
    .flatMap(({ path, report }) =>
      report.scenarios.flatMap((row): FailingColumn[] => {
        const sides = (["handwritten", "framework"] as const).filter(
          (side) => derivedHolds(row, side, true, report.judged) === false,
        );
        return sides.length === 0 ? [] : [{ column: row.name, artifact: path, sides }];
      }),
    );
}

/** Whether a submitted value is the derived one (rates to three decimals). */
export function sameMetric(submitted: unknown, derived: number | boolean): boolean {
  if (typeof derived === "boolean" || typeof submitted !== "number") return submitted === derived;
  return Math.abs(submitted - derived) < 0.0005;
}
