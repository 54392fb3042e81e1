/**
 * One goal of the bench (issues #14 and #27): a value read from this run's own medians, its bound,
 * whether it was met (null when something it needs was not measured), and on an unmet one why.
 * Never asserted.
 */
import { z } from "zod";
import { round } from "./stats.js";

const Num = z.number().finite();
const SelfTimeSchema = z.strictObject({ name: z.string(), where: z.string(), ms: Num, pct: Num });

/** The CPU profile of a rerun of an unmet goal's workload: where its time goes. */
export const GoalProfileSchema = z.strictObject({
  /** What ran under the profiler. */
  workload: z.string(),
  /**
   * Which samples count: those inside the regions the workload's measure timed (its set-up left
   * out), or, for a workload that is all timed or a whole process, every one.
   */
  sampled: z.enum(["timed_regions", "whole_workload"]),
  total_ms: Num,
  functions: z.array(SelfTimeSchema),
  groups: z.array(SelfTimeSchema),
});
export type GoalProfile = z.infer<typeof GoalProfileSchema>;

/** A goal as bench-v3.json holds it. */
export const GoalSchema = z.strictObject({
  id: z.string(),
  says: z.string(),
  value: Num.nullable(),
  bound: Num,
  /** `max`: value ≤ bound; `min`: value ≥ bound. */
  kind: z.enum(["max", "min"]),
  met: z.boolean().nullable(),
  from: z.string(),
  /** Only on an unmet goal (`scripts/bench/explain.ts`). */
  profile: GoalProfileSchema.optional(),
  /** Only on an unmet goal whose profile could not be taken: why. */
  profile_missing: z.string().optional(),
  /**
   * Only on an unmet goal: one line on why, from this run's own numbers (what the same workload
   * costs without the project, where measured) and the heaviest groups of its profile.
   */
  reason: z.string().optional(),
});
export type Goal = z.infer<typeof GoalSchema>;

/** A goal's fields, and what this run measured around it (kept, as the start of `reason`, only if it is unmet). */
export type GoalSpec = Omit<Goal, "met" | "reason" | "profile" | "profile_missing"> & {
  readonly context?: string | undefined;
};

export const us = (x: number) => `${x < 100 ? round(x, 1) : Math.round(x).toLocaleString("en")} µs`;

export const goal = ({ context, ...g }: GoalSpec): Goal => {
  const met = g.value === null ? null : g.kind === "max" ? g.value <= g.bound : g.value >= g.bound;
  return met === false && context !== undefined ? { ...g, met, reason: context } : { ...g, met };
};
