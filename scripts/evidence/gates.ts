/**
 * The course's gates over a submission's artifacts: "when only the FixtureModel ran, or there is
 * no approval binding or fault-recovery trace, the chapter stays gated". A gated submission is
 * consistent but not passed. The planner gate is the one the comparison evidence states
 * (handwritten/route/gate.ts decides it); the checker only believes it from measured evidence.
 */
import { FIXTURE_ONLY } from "../../handwritten/route/index.js";
import { ComparisonReport } from "../comparison/report.js";

export const COURSE_GATES = ["planner", "approval_binding", "fault_recovery"] as const;
export type CourseGate = (typeof COURSE_GATES)[number];
export type GateFinding = { readonly gate: CourseGate; readonly reason: string };
export type GateReport = {
  readonly planner_gate: "open" | "blocked";
  readonly planner_gate_reason: string | null;
  /** Every gate that stays closed, with its reason; empty when the chapter's gates are open. */
  readonly gated: readonly GateFinding[];
};

/** Columns that show a token bound to its call: unbound, stale and changed-argument tokens refused. */
export const APPROVAL_BINDING_COLUMNS = [
  "approval_token_unbound",
  "stale_approval_replayed",
  "approval_then_changed_arguments",
] as const;
/** Columns that show recovery from a fault: a crash before and after the effect, a timeout after it. */
export const FAULT_RECOVERY_COLUMNS = [
  "interrupted_checkpoint",
  "crash_after_side_effect_idempotent",
  "timeout_after_side_effect",
] as const;

/** Gates over the parsed JSON of each artifact (anything that is not comparison evidence is ignored). */
export function courseGates(artifacts: readonly unknown[]): GateReport {
  const measured = artifacts
    .map((a) => ComparisonReport.safeParse(a))
    .flatMap((r) => (r.success && r.data.status === "measured" ? [r.data] : []));
  const holdsEverywhere = (report: ComparisonReport, name: string) =>
    report.scenarios.some(
      (s) => s.name === name && s.equal === true && s.holds.handwritten && s.holds.framework === true,
    );
  const shows = (columns: readonly string[]) =>
    measured.some((report) => columns.every((name) => holdsEverywhere(report, name)));
  const routes = measured.filter((r) => typeof r.planner !== "string");
  const open = routes.some((r) => r.planner_gate === "open" && r.all_equal === true && r.all_hold === true);
  const plannerReason = open
    ? null
    : (routes.find((r) => r.planner_gate_reason !== null)?.planner_gate_reason ?? FIXTURE_ONLY);
  const gated: GateFinding[] = [];
  if (plannerReason !== null) gated.push({ gate: "planner", reason: plannerReason });
  if (!shows(APPROVAL_BINDING_COLUMNS))
    gated.push({
      gate: "approval_binding",
      reason: `no measured comparison artifact shows approval binding (${APPROVAL_BINDING_COLUMNS.join(", ")} equal and holding): add the output of npm run compare`,
    });
  if (!shows(FAULT_RECOVERY_COLUMNS))
    gated.push({
      gate: "fault_recovery",
      reason: `no measured comparison artifact shows fault recovery (${FAULT_RECOVERY_COLUMNS.join(", ")} equal and holding): add the output of npm run compare`,
    });
  return open
    ? { planner_gate: "open", planner_gate_reason: null, gated }
    : { planner_gate: "blocked", planner_gate_reason: plannerReason, gated };
}
