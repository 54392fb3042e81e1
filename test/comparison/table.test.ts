import { describe, expect, it } from "vitest";
import { renderTable } from "../../scripts/comparison/table.js";
import type { ComparisonReport } from "../../scripts/comparison/report.js";

const row = (name: string, obs: unknown, equal: boolean, framework = true) =>
  ({
    name,
    summary: "",
    expected: `${name} holds`,
    handwritten: obs,
    framework: obs,
    equal,
    holds: { handwritten: true, framework },
    ...(framework ? {} : { violations: { handwritten: [], framework: ["side effects 0"] } }),
    graph_steps: 3,
  }) as ComparisonReport["scenarios"][number];

describe("the comparison table", () => {
  it("counts side effects whether an observation holds a number or counts per tool and key", () => {
    const report = {
      framework: "local_state_graph",
      framework_version: "local",
      status: "measured",
      reason: null,
      planner: "fixture",
      planner_gate: "blocked",
      planner_gate_reason: "only the FixtureModel ran",
      all_equal: false,
      all_hold: false,
      graph: { nodes: 4, edges: 13, conditional_edges: 12, routers: 4, diagram: null },
      scenarios: [
        row("flat", { final_status: "done", side_effects: 1 }, true),
        row(
          "nested",
          { final_status: "done", side_effects: { save_artifact: { k1: 1 }, publish_report: { k2: 1, k3: 1 } } },
          false,
          false,
        ),
      ],
    } as unknown as ComparisonReport;
    const text = renderTable(report);
    expect(text).toMatch(/^flat\s+done fx=1 #/m);
    expect(text).toMatch(/^nested\s+done fx=3 #/m);
    expect(text).not.toContain("[object Object]");
    expect(text).toMatch(/^nested .* NO\s+NO \(fw\)\s+3$/m);
    expect(text).toMatch(/^flat .* yes\s+yes\s+3$/m);
    expect(text).toContain("DIFFERENCE");
    expect(text).toContain("13 edges (12 conditional, from 4 routers)");
    expect(text).toContain("CONTRACT BROKEN");
    expect(text).toContain("planner: fixture; planner gate blocked: only the FixtureModel ran");
    expect(text).toMatch(/^ {2}nested: nested holds\n {4}local_state_graph fails: side effects 0$/m);
  });
});
