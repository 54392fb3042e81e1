/** The LangGraph evidence files are written by the project's scripts and must regenerate identically. */
import { describe, expect, it } from "vitest";
import { ALL_COLUMNS, createEnvironment } from "../../scenarios/index.js";
import { AvailabilityRecord, probe } from "../../scripts/evidence/availability.js";
import { compare, ComparisonReport, stableView } from "../../scripts/comparison/report.js";
import { committedText } from "../../test/setup/committed.js";
import { langgraphFactory, LANGGRAPH_VERSION } from "./index.js";

// As git holds it: npm run compare:langgraph rewrites the working copy (test/setup/committed.ts).
const committed = (name: string) => JSON.parse(committedText(`evidence/${name}`)) as unknown;

describe("evidence/13-framework-comparison-langgraph-v1.json", () => {
  it("regenerates identically apart from timestamps, commit and runtime", async () => {
    const fresh = await compare({
      framework: "langgraph",
      factory: langgraphFactory,
      scenarios: ALL_COLUMNS,
      commit: null,
      now: new Date(),
      diagramFile: "13-framework-comparison-langgraph-v1.mmd",
    });
    expect(stableView(JSON.parse(JSON.stringify(fresh)))).toEqual(
      stableView(committed("13-framework-comparison-langgraph-v1.json")),
    );
  });

  it("was measured on the installed LangGraph version, with every column equal", () => {
    const report = ComparisonReport.parse(committed("13-framework-comparison-langgraph-v1.json"));
    expect(report.status).toBe("measured");
    expect(report.framework_version).toBe(LANGGRAPH_VERSION);
    expect(report.all_equal).toBe(true);
    expect(report.all_hold).toBe(true);
  });

  it("has LangGraph's own drawMermaid() picture of the graph beside it", async () => {
    const picture = committedText("evidence/13-framework-comparison-langgraph-v1.mmd");
    expect(picture).toBe(await langgraphFactory.diagram?.(createEnvironment({ script: [] })));
  });
});

describe("evidence/13-framework-availability-v2.json (LangGraph present)", () => {
  it("regenerates identically from the installed packages and the pins", async () => {
    const fresh = await probe("present", new Date());
    expect(fresh.status).toBe("measured");
    expect(fresh.installed["@langchain/langgraph"]).toBe(fresh.pinned["@langchain/langgraph"]);
    const { generated_at: _a, ...stableFresh } = fresh;
    const { generated_at: _b, ...stableCommitted } = AvailabilityRecord.parse(
      committed("13-framework-availability-v2.json"),
    );
    expect(stableFresh).toEqual(stableCommitted);
  });
});
