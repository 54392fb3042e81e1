/**
 * The checker's one reader of a comparison row's stated verdict: "does this column hold for this
 * side, as the artifact says?". The row's shape belongs to scripts/comparison/schema.ts; when its
 * verdict fields change, this is the one function of the checker to change with it.
 */
import { passes, type Judged } from "../../scenarios/verdict.js";
import type { ScenarioRow } from "../comparison/schema.js";

export type Side = "handwritten" | "framework";

/** What a side is charged with: the reference always as a contract engine, the framework as its report says. */
export const judgedSide = (_row: ScenarioRow, side: Side, judged: Judged): Judged =>
  side === "handwritten" ? "contract" : judged;

/** What the row says about `side`: holds, does not, or null when that side was not measured. */
export function statedHolds(row: ScenarioRow, side: Side, judged: Judged): boolean | null {
  const verdict = row.verdict[side];
  return verdict === null ? null : passes(verdict, judgedSide(row, side, judged));
}
