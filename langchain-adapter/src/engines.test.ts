/**
 * The two LangChain createAgent engines through compare, as a user runs them (test/comparison/through-compare.ts):
 * the hardened one holds every column on memory and SQLite and reports the pinned version; the native one is
 * measured, and its failing columns are createAgent's findings (among them, the double resume runs an approved
 * call twice: the thread resumed again from the interrupt's checkpoint).
 */
import { expect } from "vitest";
import * as kit from "../../test/comparison/through-compare.js";

kit.adapterThroughCompare(
  "langchain-adapter",
  "is measured: compare exits 1 and names the guarantees createAgent does not keep",
  (report) => {
    // run_shell stays offered, and the wrapToolCall middleware keeps it from running.
    const risky = kit.columnIn(report, "parallel_mixed_risk").framework as { executor_calls: Record<string, unknown> };
    expect(Object.keys(risky.executor_calls)).not.toContain("run_shell");
  },
);
