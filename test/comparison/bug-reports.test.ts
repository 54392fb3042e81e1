/**
 * The bug-report columns (scenarios/bug-report-columns.ts): each fails on behaviour on the module engine that
 * reproduces its report, with the unsafe outcome the report describes, and holds on the contract engines of the core
 * and on LangGraph (the hardened engines run every column in their adapters' suites).
 */
import { describe, expect, it } from "vitest";
import { ALL_COLUMNS, judgeColumn, loadEngine, type Column, type EngineFactory } from "../../scenarios/index.js";
import { CORE_FACTORIES } from "../../scenarios/core-engines.js";
import { engineFactory as langgraphjs992 } from "./engines/bugs/langgraphjs-992.js";
import { engineFactory as langgraph6626 } from "./engines/bugs/langgraph-6626.js";
import { engineFactory as mastra19633 } from "./engines/bugs/mastra-19633.js";
import { engineFactory as mastra20487 } from "./engines/bugs/mastra-20487.js";
import { engineFactory as mastra24592 } from "./engines/bugs/mastra-24592.js";
import { engineFactory as ai15947 } from "./engines/bugs/ai-15947.js";
import { measuredHere } from "../setup/requirements.js";

/** Each report's column, the engine that has the bug, and words of the unsafe outcome its verdict must name. */
const REPORTS: readonly { column: string; buggy: EngineFactory<string>; unsafe: RegExp }[] = [
  { column: "langgraphjs_992_resume_reruns_approved_calls", buggy: langgraphjs992, unsafe: /ran again/ },
  { column: "langgraph_6626_resume_value_to_wrong_call", buggy: langgraph6626, unsafe: /declined publish ran/ },
  { column: "mastra_19633_stale_approval_approves_newer_call", buggy: mastra19633, unsafe: /no person approved/ },
  { column: "mastra_20487_decline_after_restart_runs_tool", buggy: mastra20487, unsafe: /declined publish ran/ },
  { column: "mastra_24592_run_left_running_after_crash", buggy: mastra24592, unsafe: /no person could act on it/ },
  { column: "ai_15947_forged_approval_in_history", buggy: ai15947, unsafe: /forged approval ran/ },
];

const columnNamed = (name: string): Column => {
  const found = ALL_COLUMNS.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no column ${name} in ALL_COLUMNS`);
  return found;
};

describe("the public bug reports as columns", () => {
  it("registers one column per report, in the bug_reports family", () => {
    const family = ALL_COLUMNS.filter((c) => c.family === "bug_reports").map((c) => c.name);
    expect(family).toEqual(REPORTS.map((r) => r.column));
  });

  for (const report of REPORTS) {
    it(`${report.column}: fails on behaviour on ${report.buggy.id}, naming what went wrong`, async () => {
      const { verdict } = await judgeColumn(report.buggy, columnNamed(report.column));
      expect(verdict.behaviour).toBe("fails");
      const unsafe = verdict.violations.filter((v) => v.kind === "behaviour").map((v) => v.expectation);
      expect(unsafe.some((text) => report.unsafe.test(text))).toBe(true);
    });

    it(`${report.column}: the same engine without its bug holds`, async () => {
      // The bug engines wrap a core engine: the core engine itself is the control.
      for (const factory of CORE_FACTORIES) {
        const { verdict } = await judgeColumn(factory, columnNamed(report.column));
        expect({ engine: factory.id, ...verdict }).toMatchObject({ behaviour: "holds", vocabulary: "conforms" });
      }
    });
  }

  // Left out, and named on the not-measured line, when the LangGraph adapter is absent (test/setup/requirements.ts).
  if (measuredHere("langgraph"))
    it("holds on LangGraph, behaviour and vocabulary", async () => {
      const loaded = await loadEngine("langgraph");
      if (!loaded.ok) throw new Error(`langgraph did not load: ${loaded.error.reason}`);
      for (const report of REPORTS) {
        const { verdict } = await judgeColumn(loaded.value, columnNamed(report.column));
        expect({ column: report.column, ...verdict }).toMatchObject({ behaviour: "holds", vocabulary: "conforms" });
      }
    }, 120_000);
});
