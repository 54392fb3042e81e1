/** Committed evidence must be what the project's own script writes today, volatile fields aside. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localGraphFactory } from "../../local-graph/agent/index.js";
import { ALL_COLUMNS, createEnvironment } from "../../scenarios/index.js";
import { compare, ComparisonReport, stableView } from "../../scripts/comparison/report.js";

const committed = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../evidence/${name}`, import.meta.url), "utf8")) as unknown;

describe("evidence/13-framework-comparison-local-v2.json", () => {
  it("regenerates identically apart from timestamps, commit and runtime", async () => {
    const fresh = await compare({
      framework: "local_state_graph",
      factory: localGraphFactory,
      scenarios: ALL_COLUMNS,
      commit: null,
      now: new Date(),
      diagramFile: "13-framework-comparison-local-v2.mmd",
    });
    expect(stableView(JSON.parse(JSON.stringify(fresh)))).toEqual(
      stableView(committed("13-framework-comparison-local-v2.json")),
    );
  });

  it("is valid against the evidence schema and shows every column equal", () => {
    const report = ComparisonReport.parse(committed("13-framework-comparison-local-v2.json"));
    expect(report.scenarios.map((s) => s.name).slice(0, 4)).toEqual([
      "schema_failure_side_effects",
      "pre_approval_state",
      "idempotency_replay",
      "interrupted_checkpoint",
    ]);
    expect(report.scenarios.map((s) => s.name)).toEqual(ALL_COLUMNS.map((s) => s.name));
    expect(report.all_equal).toBe(true);
    expect(report.all_hold).toBe(true);
    expect(
      report.scenarios.every((s) =>
        [s.verdict.handwritten, s.verdict.framework].every(
          (v) => v?.behaviour === "holds" && v.vocabulary !== "differs",
        ),
      ),
    ).toBe(true);
  });

  it("has the graph's Mermaid picture beside it, as the local runtime draws it today", async () => {
    const drawn = await localGraphFactory.diagram?.(createEnvironment({ script: [] }));
    const report = ComparisonReport.parse(committed("13-framework-comparison-local-v2.json"));
    expect(report.graph !== "not-measured" && report.graph.diagram).toBe("13-framework-comparison-local-v2.mmd");
    expect(readFileSync(new URL("../../evidence/13-framework-comparison-local-v2.mmd", import.meta.url), "utf8")).toBe(
      drawn,
    );
  });
});
