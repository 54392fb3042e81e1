import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../contract/index.js";
import { finalAnswer, toolCall } from "../../handwritten/fixtures/index.js";
import { localGraphFactory } from "../../local-graph/agent/engine.js";
import { REQUIRED_COLUMNS } from "../../scenarios/columns.js";
import { FAULT_COLUMNS } from "../../scenarios/fault-columns.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { PARALLEL_COLUMNS } from "../../scenarios/parallel-columns.js";
import { fingerprint, runScenario, type Scenario } from "../../scenarios/scenario.js";
import { langgraphFactory } from "./index.js";
import { EXTRA_SCENARIOS } from "./test-support.js";
import { behavesLikeTheContract } from "../../test/scenarios/contract-suite.js";

behavesLikeTheContract(langgraphFactory);

/** Eight read-only planner steps: about 30 supersteps, more than LangGraph's default recursion limit of 25. */
const longRun: Scenario = {
  name: "eight_planner_steps",
  summary: "Eight tool calls in a row run into the step limit.",
  goal: "read a lot",
  options: {
    script: Array.from({ length: 9 }, () => toolCall("read_table", { table: "sales", limit: 2 })).concat(
      finalAnswer("done"),
    ),
  },
  actions: [{ kind: "start" }],
  observe: (record) => ({ calls: record.env.world.totalCalls(), ...fingerprint(record) }),
};

const ALL = [...REQUIRED_COLUMNS, ...FAULT_COLUMNS, ...PARALLEL_COLUMNS, ...EXTRA_SCENARIOS, longRun];

describe("LangGraph adapter against the handwritten engine", () => {
  it("covers the four required columns of the contract", () => {
    expect(REQUIRED_COLUMNS.map((s) => s.name)).toEqual([
      "schema_failure_side_effects",
      "pre_approval_state",
      "idempotency_replay",
      "interrupted_checkpoint",
    ]);
  });

  for (const scenario of ALL) {
    it(`${scenario.name}: LangGraph observes exactly what the handwritten engine observes`, async () => {
      const handwritten = await runScenario(handwrittenFactory, scenario);
      const langgraph = await runScenario(langgraphFactory, scenario);
      expect(canonicalJson(langgraph.observation)).toBe(canonicalJson(handwritten.observation));
      expect(langgraph.trace).toEqual(handwritten.trace);
    });
  }

  for (const scenario of ALL) {
    it(`${scenario.name}: LangGraph counts as many graph steps as the local runtime`, async () => {
      const local = await runScenario(localGraphFactory, scenario);
      const langgraph = await runScenario(langgraphFactory, scenario);
      expect(local.graph_steps).toBeGreaterThan(0);
      expect(langgraph.graph_steps).toBe(local.graph_steps);
    });
  }

  it("runs past LangGraph's default recursion limit of 25 supersteps when a run needs it", async () => {
    const run = await runScenario(langgraphFactory, longRun);
    expect(run.graph_steps).toBeGreaterThan(25);
    expect(run.observation).toMatchObject({ final_status: "step_limit", calls: 8 });
  });
});
