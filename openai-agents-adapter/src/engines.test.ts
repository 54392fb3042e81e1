/**
 * The two OpenAI Agents engines through compare, as a user runs them: the hardened one holds every
 * column on memory and SQLite and reports the pinned version; the native one is measured, and its
 * failing columns are the SDK's findings (among them, the double resume runs an approved call twice).
 */
import { paced } from "../../test/setup/pace.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/compare.js";
import type { ComparisonReport } from "../../scripts/comparison/report.js";
import { ALL_COLUMNS } from "../../scenarios/index.js";
import { scratchDir } from "../../test/setup/scratch.js";

const PIN = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    dependencies: Record<string, string>;
  }
).dependencies["@openai/agents"];

async function compare(framework: string, store: string | null = null) {
  const dir = scratchDir("openai-agents-compare-");
  const output = join(dir, "evidence.json");
  const store_args = store === null ? [] : ["--store", store.replace("DIR", dir)];
  const code = await main(["--framework", framework, "--output", output, "--quiet", ...store_args], {
    stdout: () => undefined,
    stderr: () => undefined,
  });
  return { code, report: JSON.parse(readFileSync(output, "utf8")) as ComparisonReport };
}

const framework = (report: ComparisonReport, name: string) => {
  const row = report.scenarios.find((s) => s.name === name);
  if (row === undefined) throw new Error(`no column ${name}`);
  return row;
};

describe("openai_agents_hardened", () => {
  it.each([
    ["memory", null],
    ["SQLite", "sqlite:DIR/harness.sqlite"],
  ])(
    "holds and equals the reference in every column on %s stores, at the pinned version (exit 0)",
    async (_kind, store) => {
      const { code, report } = await compare("openai_agents_hardened", store);
      expect(report.framework_version).toBe(PIN);
      const passing = (v: ComparisonReport["scenarios"][number]["verdict"]["framework"]) =>
        v?.behaviour === "holds" && v.vocabulary !== "differs";
      expect(report.judged).toBe("contract");
      expect(report.scenarios.filter((s) => !passing(s.verdict.framework)).map((s) => s.name)).toEqual([]);
      expect(report.scenarios.map((s) => s.name)).toEqual(ALL_COLUMNS.map((c) => c.name));
      expect([code, report.all_hold, report.all_equal]).toEqual([0, true, true]);
    },
    paced(120_000),
  );
});

describe("openai_agents_native", () => {
  it(
    "is measured and judged by behaviour: compare exits 1 and names the guarantees the SDK does not keep",
    async () => {
      const { code, report } = await compare("openai_agents_native");
      expect([code, report.status, report.framework_version, report.judged]).toEqual([1, "measured", PIN, "foreign"]);
      // Every column has a verdict: none is left unmeasured.
      expect(report.scenarios.every((s) => s.verdict.framework !== null)).toBe(true);
      // The SDK's own approval stops a publish before it runs.
      expect(framework(report, "pre_approval_state").verdict.framework?.behaviour).toBe("holds");
      // The SDK validates the schema before execute: nothing reaches the tool, and the model is told the call
      // failed (the SDK's own generic error). Behaviour holds; the contract's words (invalid_arguments, the issue
      // paths) are shown as vocabulary, not charged.
      const schema = framework(report, "schema_failure_side_effects").verdict.framework;
      expect([schema?.behaviour, schema?.vocabulary]).toEqual(["holds", "differs"]);
      // The double resume: the same RunState resumed again runs the approved publish a second time.
      const twice = framework(report, "double_resume_same_approval");
      expect(twice.verdict.framework?.behaviour).toBe("fails");
      expect(twice.verdict.framework?.violations.map((v) => v.expectation).join(" ")).toMatch(/ran again/);
      const effects = (twice.framework as { side_effects: Record<string, Record<string, number>> }).side_effects;
      expect(Object.values(effects["publish_report"] ?? {}).reduce((a, b) => a + b, 0)).toBe(2);
      // Every interruption is shown and answered on its own: the first answer decides one publish, runs nothing,
      // and the column runs to its end (the sibling's token finds its call waiting).
      const mixed = framework(report, "mixed_approve_decline");
      expect(mixed.verdict.framework?.behaviour).not.toBe("error");
      const answered = (mixed.framework as { after_each_action: { status: string; executor_calls: number }[] })
        .after_each_action[1];
      expect(answered).toMatchObject({ status: "approval_required", executor_calls: 1 });
      // run_shell stays offered, and the SDK's tool input guardrail keeps it from running, whatever is approved.
      const risky = framework(report, "parallel_mixed_risk").framework as { executor_calls: Record<string, unknown> };
      expect(Object.keys(risky.executor_calls).sort()).toEqual(["publish_report", "read_table", "save_artifact"]);
      // Fresh call ids after a crash: the re-run's write lands under a new key, a duplicate the view now shows.
      const rerun = framework(report, "crash_after_side_effect_idempotent").framework as {
        side_effects: Record<string, Record<string, number>>;
      };
      expect(Object.values(rerun.side_effects["save_artifact"] ?? {})).toEqual([1, 1]);
      // No checkpoint before the effect: the crash column's vocabulary names the intent it lacks.
      expect(
        framework(report, "interrupted_checkpoint").verdict.framework?.violations.map((v) => v.expectation),
      ).toContain("the checkpoint at the crash holds the intent (executing, key write-002)");
    },
    paced(120_000),
  );
});
