/**
 * Parallel tool calls on LangGraph: the batch's calls fan out with LangGraph's own `Send`, and
 * the column where one node runs the whole batch (the ToolNode pattern) holds only because the
 * ledger replays the siblings the re-run node already executed.
 */
import { describe, expect, it } from "vitest";
import type { StateSnapshot } from "@langchain/langgraph";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import type { Environment } from "../../handwritten/fixtures/environment.js";
import { PARALLEL_COLUMNS } from "../../scenarios/parallel-columns.js";
import { runScenario, SESSION_ID } from "../../scenarios/scenario.js";
import { forgetCompletedKeys } from "../../test/scenarios/forget-completed.js";
import { checkpointerOf } from "./checkpointer.js";
import { buildLangGraphAgentGraph } from "./graph.js";
import { langgraphFactory } from "./index.js";
import { countEntries, watchedLangGraphFactory } from "./test-support.js";

const columnNamed = (name: string) => {
  const found = PARALLEL_COLUMNS.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no column ${name}`);
  return found;
};

describe("parallel tool calls on LangGraph", () => {
  for (const column of PARALLEL_COLUMNS) {
    it(`${column.name} holds on LangGraph`, async () => {
      const run = await runScenario(langgraphFactory, column);
      expect(column.violations(run.observation).map((v) => v.expectation)).toEqual([]);
    });
  }

  it("fans a batch out with Send: one execute task per call in one superstep, then one step joins them", async () => {
    const column = columnNamed("parallel_reads");
    const { factory, entries } = watchedLangGraphFactory(langgraphFactory);
    let env: Environment | undefined;
    await runScenario(factory, column, { instrument: (e) => void (env = e) });
    if (env === undefined) throw new Error("no environment");
    expect(countEntries(entries, "execute", "batch")).toBe(4);

    const graph = buildLangGraphAgentGraph(env, { checkpointer: checkpointerOf(env) });
    const supersteps: string[][] = [];
    for await (const snapshot of graph.getStateHistory({ configurable: { thread_id: SESSION_ID } }))
      supersteps.push((snapshot as StateSnapshot).tasks.map((t) => t.name));
    expect(supersteps).toContainEqual(["execute", "execute", "execute"]);
  });

  it("parallel_batch_node_rerun fails on LangGraph when the ledger stops replaying completed siblings", async () => {
    const column = columnNamed("parallel_batch_node_rerun");
    const { factory, entries } = watchedLangGraphFactory(langgraphFactory);
    const sabotaged = await runScenario(factory, column, { instrument: forgetCompletedKeys });
    // LangGraph re-ran the node that ran the batch: once to reach the interrupt, once on resume to
    // take the decision; then once more to run the publish the approval dispatched.
    expect(countEntries(entries, "execute", "batch")).toBe(3);
    expect(column.violations(sabotaged.observation).map((v) => v.expectation)).toEqual([
      "a write ran again when the node re-ran on resume",
    ]);
    const reference = await runScenario(handwrittenFactory, column, { instrument: forgetCompletedKeys });
    expect(column.violations(reference.observation).map((v) => v.expectation)).toEqual([]);
  });
});
