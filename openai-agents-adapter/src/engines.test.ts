/**
 * The two OpenAI Agents engines through compare, as a user runs them: the hardened one holds every
 * column on memory and SQLite and reports the pinned version; the native one is measured, and its
 * failing columns are the SDK's findings (among them, the double resume runs an approved call twice).
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { paced } from "../../test/setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/compare.js";
import type { ComparisonReport } from "../../scripts/comparison/report.js";
import { ALL_COLUMNS } from "../../scenarios/index.js";

const PIN = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    dependencies: Record<string, string>;
  }
).dependencies["@openai/agents"];

async function compare(framework: string, store: string | null = null) {
  const dir = mkdtempSync(join(tmpdir(), "openai-agents-compare-"));
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
      expect(report.scenarios.filter((s) => s.holds.framework !== true).map((s) => s.name)).toEqual([]);
      expect(report.scenarios.map((s) => s.name)).toEqual(ALL_COLUMNS.map((c) => c.name));
      expect([code, report.all_hold, report.all_equal]).toEqual([0, true, true]);
    },
    120_000,
  );
});

describe("openai_agents_native", () => {
  it(
    "is measured: compare exits 1 and names the guarantees the SDK does not keep",
    async () => {
      const { code, report } = await compare("openai_agents_native");
      expect([code, report.status, report.framework_version]).toEqual([1, "measured", PIN]);
      // Every column has a verdict: none is left unmeasured.
      expect(report.scenarios.every((s) => typeof s.holds.framework === "boolean")).toBe(true);
      // The SDK's own approval stops a publish before it runs.
      expect(framework(report, "pre_approval_state").holds.framework).toBe(true);
      // The double resume: the same RunState resumed again runs the approved publish a second time.
      const twice = framework(report, "double_resume_same_approval");
      expect(twice.holds.framework).toBe(false);
      expect(twice.violations?.framework?.join(" ")).toMatch(/ran nothing more/);
      const effects = (twice.framework as { side_effects: Record<string, Record<string, number>> }).side_effects;
      expect(Object.values(effects["publish_report"] ?? {}).reduce((a, b) => a + b, 0)).toBe(2);
      // No checkpoint before the effect: the crash column fails for want of one.
      expect(framework(report, "interrupted_checkpoint").violations?.framework).toContain(
        "the checkpoint at the crash holds the intent (executing, key write-002)",
      );
    },
    paced(120_000),
  );
});
