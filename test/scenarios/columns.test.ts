/**
 * The scenario suite, written once and run against every engine in the core. (The LangGraph
 * adapter runs the same suite from its own package, so the core never imports the framework.)
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../contract/index.js";
import { localGraphFactory } from "../../local-graph/agent/index.js";
import { CORE_FACTORIES } from "../../scenarios/core-engines.js";
import { ALL_COLUMNS, handwrittenFactory, runScenario } from "../../scenarios/index.js";
import { behavesLikeTheContract } from "./contract-suite.js";

for (const factory of CORE_FACTORIES) behavesLikeTheContract(factory);

describe("local_state_graph against handwritten", () => {
  for (const scenario of ALL_COLUMNS) {
    it(`gives the same observation, trace and checkpoint hash in ${scenario.name}`, async () => {
      const reference = await runScenario(handwrittenFactory, scenario);
      const local = await runScenario(localGraphFactory, scenario);
      expect(canonicalJson(local.observation)).toBe(canonicalJson(reference.observation));
      expect(local.trace).toEqual(reference.trace);
    });
  }
});
