/**
 * The committed hardening ablation is what the script writes today, byte for byte: every piece of every layer
 * switched off over every column (minutes with four layers, so in the heavy tier), each piece shown to matter.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_COLUMNS, loadEngines } from "../../scenarios/index.js";
import { runAblation } from "../../scripts/ablation/run.js";
import { ABLATION_PATH, ablationProblems } from "../../scripts/ablation/schema.js";

describe("the whole hardening ablation", () => {
  it("is the committed evidence, and every piece of every layer is shown to matter", async () => {
    const committed = readFileSync(ABLATION_PATH, "utf8");
    const evidence = await runAblation(await loadEngines(), ALL_COLUMNS);
    expect(`${JSON.stringify(evidence, null, 2)}\n`).toBe(committed);
    expect(ablationProblems(evidence)).toEqual([]);
  }, 1_800_000);
});
