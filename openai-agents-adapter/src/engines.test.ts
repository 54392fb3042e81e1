/**
 * The two OpenAI Agents engines through compare, as a user runs them (test/comparison/through-compare.ts): the
 * hardened one holds every column on memory and SQLite and reports the pinned version; the native one is
 * measured, and its failing columns are the SDK's findings (among them, the double resume runs an approved call
 * twice: the same RunState resumed again).
 */
import { expect } from "vitest";
import * as kit from "../../test/comparison/through-compare.js";

kit.adapterThroughCompare(
  "openai-agents-adapter",
  "is measured and judged by behaviour: compare exits 1 and names the guarantees the SDK does not keep",
  (report) => {
    // The SDK validates the schema before execute: nothing reaches the tool, and the model is told the call
    // failed (the SDK's own generic error). Behaviour holds; the contract's words (invalid_arguments, the issue
    // paths) are shown as vocabulary, not charged.
    const schema = kit.columnIn(report, "schema_failure_side_effects").verdict.framework;
    expect([schema?.behaviour, schema?.vocabulary]).toEqual(["holds", "differs"]);
    // The first answer decides one publish and runs nothing (the sibling's token finds its call waiting).
    const mixed = kit.columnIn(report, "mixed_approve_decline").framework as { after_each_action: unknown[] };
    expect(mixed.after_each_action[1]).toMatchObject({ executor_calls: 1 });
    // run_shell stays offered, and the SDK's tool input guardrail keeps it from running, whatever is approved.
    const risky = kit.columnIn(report, "parallel_mixed_risk").framework as { executor_calls: Record<string, unknown> };
    expect(Object.keys(risky.executor_calls).sort()).toEqual(["publish_report", "read_table", "save_artifact"]);
    // Fresh call ids after a crash: the re-run's write lands under a new key, a duplicate the view now shows.
    const rerun = kit.columnIn(report, "crash_after_side_effect_idempotent").framework as {
      side_effects: Record<string, Record<string, number>>;
    };
    expect(Object.values(rerun.side_effects["save_artifact"] ?? {})).toEqual([1, 1]);
    // No checkpoint before the effect: the crash column's vocabulary names the intent it lacks.
    expect(
      kit.columnIn(report, "interrupted_checkpoint").verdict.framework?.violations.map((v) => v.expectation),
    ).toContain("the checkpoint at the crash holds the intent (executing, key write-002)");
  },
);
