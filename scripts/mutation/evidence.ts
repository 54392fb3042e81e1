/**
 * evidence/mutation-v1.json: what StrykerJS found over the contract, per file and in total, and
 * every mutant no test detected with the reason it may stay. `checkMutationEvidence` is the one
 * place that says whether such a file is consistent; the writer and the test both use it.
 */
import { z } from "zod";

export const MUTATION_SCHEMA = "agent-harness/mutation-v1";
export { MUTATION_EVIDENCE_PATH } from "../evidence/terms.js";
/** The goal of issue #19: at least this share of mutants detected (killed or timed out). */
export const MUTATION_GOAL_PERCENT = 90;

const counts = z.object({
  killed: z.number().int().min(0),
  timeout: z.number().int().min(0),
  survived: z.number().int().min(0),
  no_coverage: z.number().int().min(0),
  errors: z.number().int().min(0),
  ignored: z.number().int().min(0),
  /** (killed + timeout) / (killed + timeout + survived + no_coverage), in percent, 2 decimals; null without mutants. */
  score: z.number().min(0).max(100).nullable(),
});
export type MutationCounts = z.infer<typeof counts>;

const survivor = z.object({
  file: z.string(),
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  status: z.enum(["Survived", "NoCoverage"]),
  mutator: z.string(),
  original: z.string(),
  replacement: z.string(),
  /** Stable across line moves: file, mutator, original and replacement text, and the line's text. */
  key: z.string(),
  /**
   * `equivalent`: why no test can tell it from the original (scripts/mutation/equivalent-mutants.json).
   * `open`: no test detects it yet and nobody has shown it equivalent; allowed only while the goal is not met.
   */
  reason: z.object({ kind: z.enum(["equivalent", "open"]), why: z.string().min(1) }),
});
export type Survivor = z.infer<typeof survivor>;
export const OPEN_REASON = "no test of contract detects it yet, and nobody has shown it equivalent";

export const mutationEvidenceSchema = z.object({
  schema: z.literal(MUTATION_SCHEMA),
  commit: z.string(),
  tools: z.object({ stryker_core: z.string(), vitest_runner: z.string(), vitest: z.string(), node: z.string() }),
  scope: z.object({ mutate: z.array(z.string()), tests: z.string(), coverage_analysis: z.string() }),
  files: z.array(counts.extend({ file: z.string() })),
  totals: counts,
  goal: z.object({ min_score: z.number(), met: z.boolean() }),
  survivors: z.array(survivor),
});
export type MutationEvidence = z.infer<typeof mutationEvidenceSchema>;

/** The one-line summary the writer prints and the docs show: detected, survived, score against the goal, open survivors. */
export function describeMutation(evidence: MutationEvidence): string {
  const { totals, goal } = evidence;
  return (
    `${totals.killed + totals.timeout} detected, ${totals.survived} survived, ${totals.no_coverage} without coverage; ` +
    `score ${totals.score}% (goal ${goal.min_score}%: ${goal.met ? "met" : "not met"}); ` +
    `${evidence.survivors.filter((s) => s.reason.kind === "open").length} survivors open`
  );
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Stryker's mutation score over the mutants that ran (errors and ignored ones excluded). */
export function scoreOf(c: Omit<MutationCounts, "score">): number | null {
  const detected = c.killed + c.timeout;
  const valid = detected + c.survived + c.no_coverage;
  return valid === 0 ? null : round2((detected / valid) * 100);
}

const TALLIED = ["killed", "timeout", "survived", "no_coverage", "errors", "ignored"] as const;

/** Reasons a surviving mutant is equivalent, keyed by its stable description (`Survivor.key`). */
export type EquivalenceReasons = Readonly<Record<string, string>>;

/**
 * Every way `value` is not a consistent mutation evidence file; empty when it is. Each survivor's
 * reason must be the one `reasons` (the committed data file) holds for its key, or `open`.
 */
export function checkMutationEvidence(value: unknown, reasons: EquivalenceReasons): string[] {
  const parsed = mutationEvidenceSchema.safeParse(value);
  if (!parsed.success) return parsed.error.issues.map((i) => `shape: ${i.path.join(".")}: ${i.message}`);
  const e = parsed.data;
  const problems: string[] = [];
  for (const f of e.files) {
    if (f.score !== scoreOf(f)) problems.push(`${f.file}: score ${f.score} does not follow from its counts`);
  }
  for (const field of TALLIED) {
    const sum = e.files.reduce((acc, f) => acc + f[field], 0);
    if (e.totals[field] !== sum) problems.push(`totals.${field} is ${e.totals[field]}, the files add up to ${sum}`);
  }
  if (e.totals.score !== scoreOf(e.totals)) problems.push(`totals.score ${e.totals.score} does not follow from totals`);
  const met = e.totals.score !== null && e.totals.score >= e.goal.min_score;
  if (e.goal.met !== met) problems.push(`goal.met is ${e.goal.met}, the score says ${met}`);
  for (const f of e.files) {
    const listed = e.survivors.filter((s) => s.file === f.file).length;
    if (listed !== f.survived + f.no_coverage)
      problems.push(`${f.file}: ${listed} survivors listed, ${f.survived + f.no_coverage} counted`);
  }
  const known = new Set(e.files.map((f) => f.file));
  for (const s of e.survivors) {
    if (!known.has(s.file)) problems.push(`survivor in ${s.file}, which is not among the files`);
    const given = Object.hasOwn(reasons, s.key) ? reasons[s.key] : undefined;
    const expected = given === undefined ? { kind: "open", why: OPEN_REASON } : { kind: "equivalent", why: given };
    if (s.reason.kind !== expected.kind || s.reason.why !== expected.why)
      problems.push(`${s.file}:${s.line} ${s.mutator}: its reason is not the data file's: ${s.key}`);
    if (s.reason.kind === "open" && e.goal.met)
      problems.push(`${s.file}:${s.line} ${s.mutator} survives without a reason although the goal is met: ${s.key}`);
  }
  return problems;
}
