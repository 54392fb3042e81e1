import { describe, expect, it } from "vitest";
import { REWIND_SUPPORTED } from "../../scenarios/column.js";
import { handwrittenFactory, REWIND_COLUMNS, runScenario, type EngineFactory } from "../../scenarios/index.js";

/** The handwritten engine without its optional `rewindToApproval`, as a module engine may be. */
const withoutRewind: EngineFactory<"no_rewind"> = {
  id: "no_rewind",
  version: "test",
  shape: async () => null,
  create(context) {
    const { rewindToApproval: _dropped, ...engine } = handwrittenFactory.create(context);
    return { ...engine, id: "no_rewind" };
  },
};

describe("a rewind column on an engine without rewindToApproval", () => {
  it("names rewind_unsupported in its verdict, beside the expectations the missing rewind broke", async () => {
    const column = REWIND_COLUMNS[0]!;
    const run = await runScenario(withoutRewind, column);
    const verdict = column.verdict(run.observation);
    expect(verdict.behaviour).toBe("fails");
    expect(verdict.violations[0]).toMatchObject({ kind: "behaviour", expectation: REWIND_SUPPORTED.says });
    expect(REWIND_SUPPORTED.says).toContain("rewind_unsupported");
  });

  it("does not name it for an engine that rewinds", async () => {
    const column = REWIND_COLUMNS[0]!;
    const run = await runScenario(handwrittenFactory, column);
    expect(column.verdict(run.observation)).toEqual({ behaviour: "holds", vocabulary: "conforms", violations: [] });
  });
});
