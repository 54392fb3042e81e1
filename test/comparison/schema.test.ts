/**
 * The comparison evidence's observations are JSON data by the contract's rule (canonicalJson): the
 * schema keeps such data as it is and refuses anything else, naming where it is.
 */
import { describe, expect, it } from "vitest";
import { ScenarioRow } from "../../scripts/comparison/schema.js";

const row = (handwritten: unknown) => ({
  name: "a column",
  family: "required",
  summary: "what it checks",
  expected: "its signal",
  handwritten,
  framework: "not-measured",
  equal: null,
  verdict: { handwritten: { behaviour: "holds", vocabulary: "conforms", violations: [] }, framework: null },
  graph_steps: "not-measured",
});

describe("a comparison row's observation", () => {
  it("keeps JSON data as it is, its keys in their order", () => {
    const observation = { z: [1, "x", null, true, { b: -2.5, a: [] }], a: { "1": 0, y: "" } };
    const parsed = ScenarioRow.parse(row(observation));
    expect(JSON.stringify(parsed.handwritten)).toBe(JSON.stringify(observation));
  });

  it.each([
    ["a non-finite number", { calls: [{ amount: Number.NaN }] }, "$.calls[0].amount is a non-finite number"],
    ["a class instance", { at: new Date(0) }, "$.at is a class instance"],
    ["a bigint", [1n], "$[0] is a bigint"],
    ["nothing", undefined, "$ is a undefined"],
  ])("refuses %s, naming where", (_, observation, message) => {
    const parsed = ScenarioRow.safeParse(row(observation));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["handwritten", `${message}, not JSON data`],
    ]);
  });
});
