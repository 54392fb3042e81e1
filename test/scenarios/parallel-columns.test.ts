/**
 * The parallel columns hold on the core engines (the LangGraph adapter checks its own in its
 * package). Equality with the handwritten engine is checked with every other column in
 * columns.test.ts; here each column's stated signal must hold.
 */
import { describe, expect, it } from "vitest";
import { localGraphFactory } from "../../local-graph/agent/index.js";
import { CORE_FACTORIES } from "../../scenarios/core-engines.js";
import { handwrittenFactory, PARALLEL_COLUMNS, runScenario } from "../../scenarios/index.js";
import { forgetCompletedKeys } from "./forget-completed.js";

describe("parallel columns", () => {
  it("are the six the issue names, each named parallel or mixed", () => {
    expect(PARALLEL_COLUMNS.map((c) => c.name)).toEqual([
      "parallel_reads",
      "parallel_mixed_risk",
      "parallel_resume_after_interrupt",
      "mixed_approve_decline",
      "parallel_crash_mid_batch",
      "parallel_batch_node_rerun",
    ]);
  });

  for (const factory of CORE_FACTORIES) {
    for (const column of PARALLEL_COLUMNS) {
      it(`${column.name} holds on ${factory.id}`, async () => {
        const run = await runScenario(factory, column);
        expect(column.violations(run.observation).map((v) => v.expectation)).toEqual([]);
      });
    }
  }

  it("parallel_batch_node_rerun fails on the local graph when the ledger stops replaying completed siblings", async () => {
    const column = PARALLEL_COLUMNS.find((c) => c.name === "parallel_batch_node_rerun")!;
    const run = await runScenario(localGraphFactory, column, { instrument: forgetCompletedKeys });
    expect(column.violations(run.observation).map((v) => v.expectation)).toEqual([
      "a write ran again when the node re-ran on resume",
    ]);
    // The handwritten engine never re-runs a node, so it holds even without the replay.
    const reference = await runScenario(handwrittenFactory, column, { instrument: forgetCompletedKeys });
    expect(column.violations(reference.observation).map((v) => v.expectation)).toEqual([]);
  });
});
