/**
 * The two LangChain createAgent engines through compare, as a user runs them: the hardened one holds every
 * column on memory and SQLite and reports the pinned version; the native one is measured, and its
 * failing columns are createAgent's findings (among them, the double resume runs an approved call twice).
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
).dependencies["langchain"];

async function compare(framework: string, store: string | null = null) {
  const dir = scratchDir("langchain-compare-");
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

describe("langchain_agent_hardened", () => {
  it.each([
    ["memory", null],
    ["SQLite", "sqlite:DIR/harness.sqlite"],
  ])(
    "holds and equals the reference in every column on %s stores, at the pinned version (exit 0)",
    async (_kind, store) => {
      const { code, report } = await compare("langchain_agent_hardened", store);
      expect(report.framework_version).toBe(PIN);
      expect(
        report.scenarios
          .filter((s) => s.verdict.framework?.behaviour !== "holds" || s.verdict.framework.vocabulary === "differs")
          .map((s) => s.name),
      ).toEqual([]);
      expect(report.scenarios.map((s) => s.name)).toEqual(ALL_COLUMNS.map((c) => c.name));
      expect([code, report.all_hold, report.all_equal]).toEqual([0, true, true]);
    },
    paced(120_000),
  );
});

describe("langchain_agent_native", () => {
  it(
    "is measured: compare exits 1 and names the guarantees createAgent does not keep",
    async () => {
      const { code, report } = await compare("langchain_agent_native");
      expect([code, report.status, report.framework_version, report.judged]).toEqual([1, "measured", PIN, "foreign"]);
      expect(report.scenarios.every((s) => s.verdict.framework !== null)).toBe(true);
      // humanInTheLoopMiddleware stops a publish before it runs.
      expect(framework(report, "pre_approval_state").verdict.framework?.behaviour).toBe("holds");
      // The thread resumed again from the interrupt's checkpoint runs the approved publish a second time.
      const twice = framework(report, "double_resume_same_approval");
      expect(twice.verdict.framework?.behaviour).toBe("fails");
      expect(twice.verdict.framework?.violations.map((v) => v.expectation).join(" ")).toMatch(/ran again/);
      const effects = (twice.framework as { side_effects: Record<string, Record<string, number>> }).side_effects;
      expect(Object.values(effects["publish_report"] ?? {}).reduce((a, b) => a + b, 0)).toBe(2);
      // Every action request answered on its own: the first answer runs nothing and the column runs to its end.
      const mixed = framework(report, "mixed_approve_decline");
      expect(mixed.verdict.framework?.behaviour).not.toBe("error");
      const answered = (mixed.framework as { after_each_action: { status: string; executor_calls: number }[] })
        .after_each_action[1];
      expect(answered).toMatchObject({ status: "approval_required" });
      // run_shell stays offered, and the wrapToolCall middleware keeps it from running.
      const risky = framework(report, "parallel_mixed_risk").framework as { executor_calls: Record<string, unknown> };
      expect(Object.keys(risky.executor_calls)).not.toContain("run_shell");
    },
    paced(120_000),
  );
});
