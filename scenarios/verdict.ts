/**
 * A column's verdict on one engine, in two parts: its behaviour (what it did in the world and in stored
 * bytes) and its vocabulary (whether it speaks the contract's codes, statuses and trace events). A foreign
 * engine is judged by behaviour alone; its vocabulary is shown, not charged (the engine table's `judged`).
 */
import { z } from "zod";
import { Judged } from "../engines/row.js";

export const ExpectationKind = z.enum(["behaviour", "vocabulary"]);
export type ExpectationKind = z.infer<typeof ExpectationKind>;

export const Violation = z.strictObject({
  kind: ExpectationKind,
  /** For behaviour, the unsafe outcome in the world; for vocabulary, the contract's words that were not seen. */
  expectation: z.string(),
  /** A short rendering of the observed value that broke it, or null where none can be had. */
  observed: z.string().nullable(),
});
export type Violation = z.infer<typeof Violation>;

export const Behaviour = z.enum(["holds", "fails", "error"]);
export const Vocabulary = z.enum(["conforms", "differs", "not_applicable"]);

export const EngineVerdict = z
  .strictObject({
    behaviour: Behaviour,
    vocabulary: Vocabulary,
    violations: z.array(Violation),
    /** Present exactly when behaviour is error: the engine threw, or the column's own setup could not run. */
    error: z.string().min(1).optional(),
  })
  .refine(
    (v) => (v.behaviour === "error") === (v.error !== undefined),
    "an error verdict, and only one, names its reason",
  )
  .refine(
    (v) => (v.behaviour === "fails") === v.violations.some((x) => x.kind === "behaviour"),
    "behaviour fails exactly when a behaviour expectation is violated",
  );
export type EngineVerdict = z.infer<typeof EngineVerdict>;

/** What an engine is charged with: the engine table's `judged` (engines/row.ts). */
export { Judged };

/** The verdict of a column whose expectations were checked: `hasVocabulary` says whether the column has any. */
export function verdictOf(violations: readonly Violation[], hasVocabulary: boolean): EngineVerdict {
  return {
    behaviour: violations.some((v) => v.kind === "behaviour") ? "fails" : "holds",
    vocabulary: !hasVocabulary
      ? "not_applicable"
      : violations.some((v) => v.kind === "vocabulary")
        ? "differs"
        : "conforms",
    violations: [...violations],
  };
}

/** The verdict of a column that could not be judged: the engine threw, or the column's setup could not run. */
export const errorVerdict = (reason: string): EngineVerdict => ({
  behaviour: "error",
  vocabulary: "not_applicable",
  violations: [],
  error: reason,
});

/** Rows of a comparison as the verdicts see them: the framework's is null when it was not measured. */
type VerdictPair = {
  readonly verdict: { readonly handwritten: EngineVerdict; readonly framework: EngineVerdict | null };
};

/** Every row's verdicts pass: the handwritten engine's as a contract engine's, the framework's as it is judged. */
export function allHold(rows: readonly VerdictPair[], judged: Judged): boolean {
  return rows.every(
    (r) =>
      passes(r.verdict.handwritten, "contract") && r.verdict.framework !== null && passes(r.verdict.framework, judged),
  );
}

/** Whether a verdict passes what its engine is charged with. An error never passes, and is never a failure. */
export function passes(verdict: EngineVerdict, judged: Judged): boolean {
  if (verdict.behaviour !== "holds") return false;
  return judged === "foreign" || verdict.vocabulary !== "differs";
}
