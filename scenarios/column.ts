/**
 * A comparison column: a scenario plus the signal the contract says must be seen once it holds
 * (the seed's "evidence after the fix"). `equal` between two engines only proves parity; the
 * verdict proves the contract, so a flaw shared by every engine still fails its column. Each
 * expectation is behaviour (what happened in the world) or vocabulary (the contract's words):
 * a foreign engine is charged with the first only (verdict.ts).
 */
import { z } from "zod";
import type { JsonValue } from "../contract/index.js";
import type { EngineFactory } from "../runtime/index.js";
import type { ColumnFamily } from "./families.js";
import { WorkBudgetExceeded } from "./budget.js";
import { runScenario, type RunOptions, type RunRecord, type Scenario } from "./scenario.js";
import { errorVerdict, verdictOf, type EngineVerdict, type ExpectationKind, type Violation } from "./verdict.js";

/**
 * One part of a column's expected signal. `says`: for behaviour, the unsafe outcome in the world a violation
 * means ("the write landed twice"); for vocabulary, the contract's words that must be seen. `observed` renders
 * what a violation saw.
 */
export type Expectation<O> = {
  readonly kind: ExpectationKind;
  readonly says: string;
  readonly holds: (observation: O) => boolean;
  readonly observed?: (observation: O) => JsonValue;
};

/** A behaviour expectation: `unsafe` is what went wrong in the world when `holds` is false. */
export const behaviour = <O>(
  unsafe: string,
  holds: (o: O) => boolean,
  observed?: (o: O) => JsonValue,
): Expectation<O> => ({ kind: "behaviour", says: unsafe, holds, ...(observed === undefined ? {} : { observed }) });

/** A vocabulary expectation: the contract's reason codes, trace events, statuses or ledger fields. */
export const vocabulary = <O>(
  says: string,
  holds: (o: O) => boolean,
  observed?: (o: O) => JsonValue,
): Expectation<O> => ({ kind: "vocabulary", says, holds, ...(observed === undefined ? {} : { observed }) });

export type ColumnSpec<O extends JsonValue> = Omit<Scenario, "observe"> & {
  observe(record: RunRecord): O;
  readonly family: ColumnFamily;
  /** One sentence: what must be seen, in the seed's words where its fault table has them. */
  readonly expected: string;
  /** NoInfer: the observation's type comes from observe(), and types each expectation's parameter. */
  readonly expectations: readonly Expectation<NoInfer<O>>[];
  /**
   * Whether the contract's words can be seen at all on this run (a tampering column that reached no stored
   * place of the engine): when not, the vocabulary is not_applicable and only behaviour is judged. @default always
   */
  readonly vocabularyApplies?: (observation: NoInfer<O>) => boolean;
};

export type Column = Scenario & {
  readonly family: ColumnFamily;
  readonly expected: string;
  /** Every expectation the observation fails, with its kind and what was seen. */
  violations(observation: JsonValue): readonly Violation[];
  /** Both parts of the verdict over an observation. */
  verdict(observation: JsonValue): EngineVerdict;
};

export function defineColumn<O extends JsonValue>(spec: ColumnSpec<O>): Column {
  if (!spec.expectations.some((e) => e.kind === "behaviour"))
    throw new Error(`column ${spec.name} declares no behaviour expectation`);
  const { expectations, vocabularyApplies, ...scenario } = spec;
  const rewinds = spec.actions.some((a) => a.kind === "rewind_to_approval");
  const hasVocabulary = expectations.some((e) => e.kind === "vocabulary");
  // The observation a column judges is the one its own observe() produced, so the cast is sound.
  const violations = (observation: JsonValue) => [
    ...(rewinds ? violationsOf([REWIND_SUPPORTED], observation) : []),
    ...violationsOf(expectations, observation as O),
  ];
  const applies = (observation: JsonValue) => {
    try {
      return vocabularyApplies?.(observation as O) ?? true;
    } catch {
      return true; // a malformed observation is judged on every expectation
    }
  };
  const verdict = (observation: JsonValue) => {
    if (!hasVocabulary || applies(observation)) return verdictOf(violations(observation), hasVocabulary);
    return verdictOf(
      violations(observation).filter((v) => v.kind === "behaviour"),
      false,
    );
  };
  return { ...scenario, violations, verdict };
}

const ActionsSeen = z.object({ after_each_action: z.array(z.object({ refused: z.string().nullable() })) });

/**
 * A column that rewinds names a missing `rewindToApproval` in its verdict, so a module engine that
 * lacks it reads why, not only the expectations the missing rewind broke.
 */
export const REWIND_SUPPORTED: Expectation<JsonValue> = behaviour(
  "the session was not taken back to its approval point (an engine without rewindToApproval is refused rewind_unsupported)",
  (observation) => {
    const seen = ActionsSeen.safeParse(observation);
    return seen.success && seen.data.after_each_action.every((a) => a.refused !== "rewind_unsupported");
  },
);

/** An expectation whose predicate throws on a malformed observation is violated, never skipped. */
export function violationsOf<O>(expectations: readonly Expectation<O>[], observation: O): Violation[] {
  return expectations.flatMap((e) => {
    let holds: boolean;
    try {
      holds = e.holds(observation);
    } catch {
      holds = false;
    }
    return holds ? [] : [{ kind: e.kind, expectation: e.says, observed: render(e, observation) }];
  });
}

const OBSERVED_LIMIT = 160;

/** What the expectation saw, in at most OBSERVED_LIMIT characters; null when it renders nothing or throws. */
function render<O>(e: Expectation<O>, observation: O): string | null {
  if (e.observed === undefined) return null;
  try {
    const text = JSON.stringify(e.observed(observation)) ?? null;
    return text === null || text.length <= OBSERVED_LIMIT ? text : `${text.slice(0, OBSERVED_LIMIT - 1)}…`;
  } catch {
    return null;
  }
}

/**
 * Runs a column on an engine and judges it: the one place a run becomes a verdict. An engine that never
 * settles fails on behaviour (it kept working in the world); any other throw is an error, never a failure.
 */
export async function judgeColumn(
  factory: EngineFactory<string>,
  column: Column,
  options: RunOptions = {},
): Promise<{ readonly observation: JsonValue; readonly verdict: EngineVerdict; readonly steps: number | null }> {
  try {
    const run = await runScenario(factory, column, options);
    return { observation: run.observation, verdict: column.verdict(run.observation), steps: run.graph_steps };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const observation = error instanceof WorkBudgetExceeded ? { never_settled: message } : { engine_error: message };
    return { observation, verdict: recordedVerdict(column, observation), steps: null };
  }
}

export const NEVER_SETTLED = "the engine never settled: it kept working past the run's work budget";

const Unfinished = z.union([
  z.strictObject({ never_settled: z.string() }),
  z.strictObject({ engine_error: z.string() }),
]);

/** The verdict a recorded observation gives, a run that did not finish included: what evidence checkers replay. */
export function recordedVerdict(column: Column, observation: JsonValue): EngineVerdict {
  const unfinished = Unfinished.safeParse(observation);
  if (!unfinished.success) return column.verdict(observation);
  if ("engine_error" in unfinished.data) return errorVerdict(unfinished.data.engine_error);
  const seen = unfinished.data.never_settled;
  return verdictOf([{ kind: "behaviour", expectation: NEVER_SETTLED, observed: seen }], false);
}
