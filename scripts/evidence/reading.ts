/**
 * The checker's one reader of a comparison row's stated verdict: "does this column hold for this
 * side, as the artifact says?". The row's shape belongs to scripts/comparison/schema.ts; when its
 * verdict fields change, this is the one function of the checker to change with it.
 */
import type { ScenarioRow } from "../comparison/schema.js";

export type Side = "handwritten" | "framework";

/** What the row says about `side`: holds, does not, or null when that side was not measured. */
export function statedHolds(row: ScenarioRow, side: Side): boolean | null {
  return row.holds[side];
}
