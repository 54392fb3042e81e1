/**
 * A comparison column: a scenario plus the signal the contract says must be seen once it holds
 * (the seed's "evidence after the fix"). `equal` between two engines only proves parity; the
 * verdict proves the contract, so a flaw shared by every engine still fails its column.
 */
import { z } from "zod";
import type { JsonValue } from "../contract/index.js";
import type { RunRecord, Scenario } from "./scenario.js";

/** One part of a column's expected signal: what it says, and the predicate over the observation. */
export type Expectation<O> = { readonly says: string; readonly holds: (observation: O) => boolean };

export type ColumnSpec<O extends JsonValue> = Omit<Scenario, "observe"> & {
  observe(record: RunRecord): O;
  /** One sentence: what must be seen, in the seed's words where its fault table has them. */
  readonly expected: string;
  readonly expectations: readonly Expectation<O>[];
};

export type Column = Scenario & {
  readonly expected: string;
  /** The `says` of every expectation the observation fails; empty when the column holds. */
  verdict(observation: JsonValue): readonly string[];
};

export function defineColumn<O extends JsonValue>(spec: ColumnSpec<O>): Column {
  if (spec.expectations.length === 0) throw new Error(`column ${spec.name} declares no expectation`);
  const { expectations, ...scenario } = spec;
  const rewinds = spec.actions.some((a) => a.kind === "rewind_to_approval");
  return {
    ...scenario,
    // The observation a column judges is the one its own observe() produced, so the cast is sound.
    verdict: (observation) => [
      ...(rewinds ? violationsOf([REWIND_SUPPORTED], observation) : []),
      ...violationsOf(expectations, observation as O),
    ],
  };
}

const ActionsSeen = z.object({ after_each_action: z.array(z.object({ refused: z.string().nullable() })) });

/**
 * A column that rewinds names a missing `rewindToApproval` in its verdict, so a module engine that
 * lacks it reads why, not only the expectations the missing rewind broke.
 */
export const REWIND_SUPPORTED: Expectation<JsonValue> = {
  says: "the engine rewinds to the approval point (an engine without rewindToApproval is refused rewind_unsupported)",
  holds: (observation) => {
    const seen = ActionsSeen.safeParse(observation);
    return seen.success && seen.data.after_each_action.every((a) => a.refused !== "rewind_unsupported");
  },
};

/** An expectation whose predicate throws on a malformed observation is violated, never skipped. */
export function violationsOf<O>(expectations: readonly Expectation<O>[], observation: O): string[] {
  return expectations
    .filter((e) => {
      try {
        return !e.holds(observation);
      } catch {
        return true;
      }
    })
    .map((e) => e.says);
}
