/**
 * The committed hardening ablation is what the script writes today, byte for byte: every piece of every layer
 * switched off over every column (minutes with four layers, so in the heavy tier), each piece shown to matter
 * but the one whose column is missing (named below).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_COLUMNS, loadEngines } from "../../scenarios/index.js";
import { runAblation } from "../../scripts/ablation/run.js";
import { ABLATION_PATH, ablationProblems } from "../../scripts/ablation/schema.js";

/** Mastra stores a goal only when its run suspends, and no secret column's run suspends: that column is missing. */
const MISSING_COLUMN = ["mastra_hardened: redaction turns no column and names no backer"];

describe("the whole hardening ablation", () => {
  it("is the committed evidence, and every piece of every layer is shown to matter but a missing column's", async () => {
    const committed = readFileSync(ABLATION_PATH, "utf8");
    const evidence = await runAblation(await loadEngines(), ALL_COLUMNS);
    expect(`${JSON.stringify(evidence, null, 2)}\n`).toBe(committed);
    expect(ablationProblems(evidence)).toEqual(MISSING_COLUMN);
  }, 1_800_000);
});
