import { describe, expect, it } from "vitest";
import { renderTable } from "../../scripts/comparison/table.js";
import type { ComparisonReport } from "../../scripts/comparison/report.js";
import type { EngineVerdict } from "../../scenarios/verdict.js";

const HOLDS: EngineVerdict = { behaviour: "holds", vocabulary: "conforms", violations: [] };
const FAILS: EngineVerdict = {
  behaviour: "fails",
  vocabulary: "differs",
  violations: [
    { kind: "behaviour", expectation: "the write landed twice", observed: "2" },
    { kind: "vocabulary", expectation: "status done", observed: null },
  ],
};
const DIFFERS: EngineVerdict = {
  behaviour: "holds",
  vocabulary: "differs",
  violations: [{ kind: "vocabulary", expectation: "status done", observed: '"finished"' }],
};

const row = (name: string, obs: unknown, equal: boolean, framework: EngineVerdict) =>
  ({
    name,
    family: "required",
    summary: "",
    expected: `${name} holds`,
    handwritten: obs,
    framework: obs,
    equal,
    verdict: { handwritten: HOLDS, framework },
    graph_steps: 3,
  }) as ComparisonReport["scenarios"][number];

const report = (judged: "contract" | "foreign", scenarios: ComparisonReport["scenarios"]) =>
  ({
    framework: judged === "contract" ? "local_state_graph" : "ai_sdk_native",
    framework_version: "local",
    judged,
    status: "measured",
    reason: null,
    planner: "fixture",
    planner_gate: "blocked",
    planner_gate_reason: "only the FixtureModel ran",
    all_equal: false,
    all_hold: false,
    graph: { nodes: 4, edges: 13, conditional_edges: 12, routers: 4, diagram: null },
    scenarios,
  }) as unknown as ComparisonReport;

describe("the comparison table", () => {
  it("counts side effects whether an observation holds a number or counts per tool and key, and never prints ?", () => {
    const text = renderTable(
      report("contract", [
        row("flat", { final_status: "done", side_effects: 1 }, true, HOLDS),
        row(
          "nested",
          { final_status: "done", side_effects: { save_artifact: { k1: 1 }, publish_report: { k2: 1, k3: 1 } } },
          false,
          FAILS,
        ),
        row("bare", { engine_error: "boom" }, false, HOLDS),
      ]),
    );
    expect(text).toMatch(/^flat\s+holds, conforms\s+holds, conforms\s+yes\s+done fx=1 #\w+ \| done fx=1 #/m);
    expect(text).toMatch(/^nested\s+holds, conforms\s+FAILS, DIFFERS\s+no\s+done fx=3 #/m);
    expect(text).toMatch(/^bare\s+.*threw #/m);
    expect(text).not.toContain("?");
    expect(text).not.toContain("[object Object]");
    expect(text).toContain("13 edges (12 conditional, from 4 routers)");
    expect(text).toContain("NOT HOLDING");
    expect(text).toContain("planner: fixture; planner gate blocked: only the FixtureModel ran");
    expect(text).toMatch(
      /^ {2}nested: nested holds\n {4}local_state_graph behaviour: the write landed twice \(saw 2\)\n {4}local_state_graph vocabulary: status done$/m,
    );
  });

  it("puts a foreign engine's verdicts first: behaviour counted, vocabulary shown and parity not charged", () => {
    const text = renderTable(report("foreign", [row("a", { final_status: "done" }, false, DIFFERS)]));
    const headline = text.indexOf("ai_sdk_native behaviour: 1 of 1 hold, 0 fail, 0 error");
    expect(headline).toBeGreaterThan(0);
    expect(text.indexOf("ai_sdk_native vocabulary (shown, not charged): 0 conform, 1 differ")).toBeGreaterThan(
      headline,
    );
    expect(text).toContain("parity with handwritten: 0 of 1 equal (not charged)");
    expect(text.indexOf("parity")).toBeLessThan(text.indexOf("\nscenario "));
    expect(text).toMatch(/^a\s+holds, conforms\s+holds \(differs\)\s+no\s/m);
  });
});
