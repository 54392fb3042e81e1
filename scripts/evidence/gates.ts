/**
 * The course's gates over a submission's artifacts: "when only the FixtureModel ran, or there is
 * no approval binding or fault-recovery trace, the chapter stays gated". A gated submission is
 * consistent but not passed. The checker derives each gate by running what the artifacts claim
 * (rederive.ts); these are the gates and the columns that open them.
 */

export const COURSE_GATES = ["planner", "approval_binding", "fault_recovery"] as const;
export type CourseGate = (typeof COURSE_GATES)[number];
export type GateFinding = { readonly gate: CourseGate; readonly reason: string };
/** What the checker cannot prove, and where a teacher should look instead. */
export type Unverifiable = { readonly gate: CourseGate | "provenance"; readonly look_at: string };
export type GateReport = {
  /**
   * Never `open`: at best `unverifiable`, when a route replayed here holds and is no copy of a shipped
   * one, since that a real model recorded it cannot be proven here.
   */
  readonly planner_gate: "blocked" | "unverifiable";
  readonly planner_gate_reason: string | null;
  /** Every gate that stays closed, with its reason; empty when the chapter's gates are open. */
  readonly gated: readonly GateFinding[];
  /** Every claim re-derived here holds, but these cannot be proven here. */
  readonly unverifiable: readonly Unverifiable[];
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
