/**
 * The fast test tier's figure in the bench evidence (issue #46: `npm test` within 5 minutes on two idle cores,
 * measured here, never by a timed test): the run's wall time, its counts, and where the time goes by project
 * and by file, derived from what the tier's reporter recorded (scripts/bench/test-tier-reporter.ts).
 */
import { z } from "zod";
import { NOT_MEASURED } from "./sections.js";

export const TEST_TIER_GOAL_S = 300;
const SLOWEST_FILES = 10;

export const TEST_TIER_DEFINITION =
  "Wall time of one `npm test` (Prettier, the type checks, then vitest's fast tier: every project but heavy:*), started by the bench in a child process; checks_s is the part before vitest started. Per project: its files, tests and the summed time of its files (import, setup and tests; two workers run files side by side, so the sum exceeds vitest_s).";

const Count = z.number().int().nonnegative();
const Seconds = z.number().finite().nonnegative();

/** What the reporter writes: vitest's wall time and one row per test file. */
export const TierRun = z.strictObject({
  vitest_ms: Count,
  files: z.array(
    z.strictObject({
      path: z.string(),
      project: z.string(),
      ms: Count,
      passed: Count,
      failed: Count,
      skipped: Count,
    }),
  ),
});
export type TierRun = z.infer<typeof TierRun>;

const Tests = z.strictObject({ passed: Count, failed: Count, skipped: Count });

export const TestTierSection = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("measured"),
    definition: z.string(),
    command: z.string(),
    exit_code: z.number().int(),
    goal_s: z.literal(TEST_TIER_GOAL_S),
    wall_s: Seconds,
    met: z.boolean(),
    checks_s: Seconds,
    vitest_s: Seconds,
    files: Count,
    tests: Tests,
    not_measured: z.string().nullable(),
    load_average: z.strictObject({ start: z.array(z.number()).length(3), end: z.array(z.number()).length(3) }),
    projects: z.array(z.strictObject({ name: z.string(), files: Count, tests: Tests, file_s: Seconds })).min(1),
    slowest_files: z.array(z.strictObject({ path: z.string(), project: z.string(), s: Seconds })),
  }),
  z.strictObject({ status: z.literal(NOT_MEASURED), definition: z.string(), reason: z.string() }),
]);
export type TestTierSection = z.infer<typeof TestTierSection>;

const seconds = (ms: number) => Math.round(ms / 100) / 10;

export type TierOutcome = {
  readonly command: string;
  readonly exitCode: number;
  readonly wallMs: number;
  readonly notMeasured: string | null;
  readonly load: { readonly start: readonly number[]; readonly end: readonly number[] };
};

/** The section from one run: its counts summed from the files, by project, slowest files first. */
export function testTierOf(run: TierRun, outcome: TierOutcome): TestTierSection {
  const sum = (rows: TierRun["files"]) => ({
    passed: rows.reduce((n, f) => n + f.passed, 0),
    failed: rows.reduce((n, f) => n + f.failed, 0),
    skipped: rows.reduce((n, f) => n + f.skipped, 0),
  });
  const names = [...new Set(run.files.map((f) => f.project))].sort();
  const projects = names
    .map((name) => {
      const rows = run.files.filter((f) => f.project === name);
      return { name, files: rows.length, tests: sum(rows), file_s: seconds(rows.reduce((n, f) => n + f.ms, 0)) };
    })
    .sort((a, b) => b.file_s - a.file_s || a.name.localeCompare(b.name));
  const wall_s = seconds(outcome.wallMs);
  const vitest_s = seconds(run.vitest_ms);
  return {
    status: "measured",
    definition: TEST_TIER_DEFINITION,
    command: outcome.command,
    exit_code: outcome.exitCode,
    goal_s: TEST_TIER_GOAL_S,
    wall_s,
    // A run that failed is no figure for the tier: the goal is a green npm test within the time.
    met: outcome.exitCode === 0 && wall_s <= TEST_TIER_GOAL_S,
    checks_s: Math.max(0, Math.round((wall_s - vitest_s) * 10) / 10),
    vitest_s,
    files: run.files.length,
    tests: sum(run.files),
    not_measured: outcome.notMeasured,
    load_average: { start: [...outcome.load.start], end: [...outcome.load.end] },
    projects,
    slowest_files: [...run.files]
      .sort((a, b) => b.ms - a.ms || a.path.localeCompare(b.path))
      .slice(0, SLOWEST_FILES)
      .map((f) => ({ path: f.path, project: f.project, s: seconds(f.ms) })),
  };
}

/** The section as the bench prints it: the figure against its goal, then the time by project. */
export function renderTestTier(t: TestTierSection): string {
  if (t.status !== "measured") return `10. The fast test tier (npm test)\n   ${t.status}: ${t.reason}`;
  const counts = (c: z.infer<typeof Tests>) => `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
  return [
    `10. The fast test tier (${t.command}): ${t.wall_s} s, goal ≤ ${t.goal_s} s — ${t.met ? "met" : "NOT MET"} (exit ${t.exit_code})`,
    `   Prettier and type checks ${t.checks_s} s, vitest ${t.vitest_s} s; ${t.files} files, ${counts(t.tests)}`,
    ...(t.not_measured === null ? [] : [`   ${t.not_measured}`]),
    ...t.projects.map(
      (p) => `   ${p.name.padEnd(14)} ${String(p.file_s).padStart(7)} s in ${p.files} files, ${counts(p.tests)}`,
    ),
    `   slowest files: ${t.slowest_files.map((f) => `${f.path} ${f.s} s`).join(", ")}`,
  ].join("\n");
}
