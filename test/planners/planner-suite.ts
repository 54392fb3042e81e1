/**
 * What every planner must do, whatever stands behind it (a FixtureModel, a replayed route, a
 * chat model being recorded): answer a state with planner text the contract's validation can
 * judge, and answer the same state the same way every time it is asked, in any order, so a
 * node a framework re-runs gets the same answer.
 */
import { describe, expect, it } from "vitest";
import {
  createIdSource,
  startRun,
  validatePlannerOutput,
  type AgentState,
  type Planner,
} from "../../contract/index.js";
import { createFixtureRegistry, createFixtureWorld } from "../../handwritten/fixtures/index.js";

const stateAt = (step: number): AgentState => ({
  ...startRun("planner-suite", "goal", { at: 0, ids: createIdSource("p") }).state,
  step,
});

export function behavesLikeAPlanner(name: string, make: () => Planner, steps: number): void {
  const registry = createFixtureRegistry(createFixtureWorld());
  describe(`${name} as a planner`, () => {
    it("answers every step with text the contract's validation judges (accepted or rejected with a code)", async () => {
      const planner = make();
      for (let step = 0; step < steps; step += 1) {
        const verdict = validatePlannerOutput(registry, await planner.respond(stateAt(step)));
        expect(verdict.ok || verdict.error.code.length > 0).toBe(true);
      }
    });

    it("answers the same state the same way when asked again, in any order, and from a fresh instance", async () => {
      const planner = make();
      const forward: string[] = [];
      for (let step = 0; step < steps; step += 1) forward.push(await planner.respond(stateAt(step)));
      for (let step = steps - 1; step >= 0; step -= 1) expect(await planner.respond(stateAt(step))).toBe(forward[step]);
      const fresh = make();
      for (let step = 0; step < steps; step += 1) expect(await fresh.respond(stateAt(step))).toBe(forward[step]);
    });
  });
}
