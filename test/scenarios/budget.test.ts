import { describe, expect, it } from "vitest";
import {
  ALL_COLUMNS,
  createEnvironment,
  handwrittenFactory,
  runScenario,
  WorkBudgetExceeded,
  withWorkBudget,
} from "../../scenarios/index.js";

const event = { session_id: "s", step: 0, kind: "note", at: "2026-01-01T00:00:00.000Z" } as never;

describe("withWorkBudget", () => {
  it("lets exactly `budget` trace and checkpoint writes through, and refuses the next", () => {
    const env = withWorkBudget(createEnvironment({ script: [] }), 3);
    env.trace.append([event]);
    env.trace.append([event]);
    env.trace.append([event]);
    expect(() => env.trace.append([event])).toThrow(WorkBudgetExceeded);
    expect(() => env.trace.append([event])).toThrow(/work_budget_exceeded: .* more than 3 /);
  });

  it("counts checkpoint writes against the same budget, and leaves reads alone", () => {
    const base = createEnvironment({ script: [] });
    const env = withWorkBudget(base, 1);
    env.trace.append([event]);
    expect(() => env.checkpoints.put({} as never)).toThrow(WorkBudgetExceeded);
    expect(env.trace.list("s")).toHaveLength(1);
    expect(base.trace.list("s")).toHaveLength(1);
  });

  it("refuses a budget that is not a positive integer (a configuration error)", () => {
    expect(() => withWorkBudget(createEnvironment({ script: [] }), 0)).toThrow(RangeError);
    expect(() => withWorkBudget(createEnvironment({ script: [] }), 1.5)).toThrow(RangeError);
  });
});

describe("runScenario runs under a work budget", () => {
  const column = ALL_COLUMNS[0]!;

  it("a run that writes more than its budget fails with work_budget_exceeded, whoever calls it", async () => {
    await expect(runScenario(handwrittenFactory, column, { workBudget: 2 })).rejects.toThrow(WorkBudgetExceeded);
  });

  it("the default budget leaves a real column alone", async () => {
    const run = await runScenario(handwrittenFactory, column);
    expect(run.trace.length).toBeGreaterThan(2);
  });
});
