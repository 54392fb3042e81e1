/**
 * The fast tier's figure in the bench evidence (scripts/bench/test-tier*.ts): the section derived from what the
 * reporter writes, the reporter inside a real vitest run, and the committed evidence's shape. The tier itself is
 * never run here: minutes of work, and a timed test is what issue #46 rules out.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BenchReport } from "../../scripts/bench/report.js";
import { TEST_TIER_OUT_ENV } from "../../scripts/bench/test-tier-reporter.js";
import { renderTestTier, testTierOf, TierRun } from "../../scripts/bench/test-tier-schema.js";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const outcome = { command: "npm test", exitCode: 1, notMeasured: null, load: { start: [1, 2, 3], end: [2, 2, 2] } };
const run: TierRun = {
  vitest_ms: 200_000,
  files: [
    { path: "a.test.ts", project: "core", ms: 1_500, passed: 3, failed: 0, skipped: 0 },
    { path: "b.test.ts", project: "mcp", ms: 90_000, passed: 10, failed: 1, skipped: 2 },
    { path: "c.test.ts", project: "core", ms: 2_500, passed: 4, failed: 0, skipped: 1 },
  ],
};

describe("the fast tier's section", () => {
  it("sums tests and time by project, slowest first, and takes the checks' time from the rest of the wall", () => {
    const s = testTierOf(run, { ...outcome, wallMs: 301_000 });
    if (s.status !== "measured") throw new Error("measured expected");
    expect(s.tests).toEqual({ passed: 17, failed: 1, skipped: 3 });
    expect(s.files).toBe(3);
    expect(s.projects).toEqual([
      { name: "mcp", files: 1, tests: { passed: 10, failed: 1, skipped: 2 }, file_s: 90 },
      { name: "core", files: 2, tests: { passed: 7, failed: 0, skipped: 1 }, file_s: 4 },
    ]);
    expect(s.slowest_files.map((f) => f.path)).toEqual(["b.test.ts", "c.test.ts", "a.test.ts"]);
    expect([s.wall_s, s.vitest_s, s.checks_s, s.met]).toEqual([301, 200, 101, false]);
    expect(testTierOf(run, { ...outcome, wallMs: 300_000 })).toMatchObject({ met: false });
    expect(testTierOf(run, { ...outcome, exitCode: 0, wallMs: 300_000 })).toMatchObject({ met: true });
    expect(renderTestTier(s)).toContain("NOT MET");
  });

  it("is what the reporter writes from a real vitest run: each file's project and outcomes", () => {
    const dir = mkdtempSync(join(tmpdir(), "test-tier-reporter-"));
    try {
      const out = join(dir, "tier.json");
      const vitest = join(ROOT, "node_modules", "vitest", "vitest.mjs");
      const args = [vitest, "run", "test/tmp-leaks.test.ts", "--reporter=./scripts/bench/test-tier-reporter.ts"];
      const child = spawnSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, [TEST_TIER_OUT_ENV]: out } });
      expect(child.status, child.stderr.toString()).toBe(0);
      const written = TierRun.parse(JSON.parse(readFileSync(out, "utf8")));
      expect(written.files).toMatchObject([
        { path: "test/tmp-leaks.test.ts", project: "core", passed: 2, failed: 0, skipped: 0 },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("in the committed evidence, when recorded, adds up: projects to the totals, the verdict to the goal", () => {
    const report = BenchReport.parse(JSON.parse(readFileSync(join(ROOT, "evidence", "bench-v3.json"), "utf8")));
    const t = report.test_tier;
    // Evidence written before the measure existed has no section; a full npm run bench writes one.
    if (t === undefined || t.status !== "measured") return;
    const total = (k: "passed" | "failed" | "skipped") => t.projects.reduce((n, p) => n + p.tests[k], 0);
    expect({ passed: total("passed"), failed: total("failed"), skipped: total("skipped") }).toEqual(t.tests);
    expect(t.projects.reduce((n, p) => n + p.files, 0)).toBe(t.files);
    expect(t.met).toBe(t.exit_code === 0 && t.wall_s <= t.goal_s);
    // The committed figure is a green run's.
    expect({ exit_code: t.exit_code, failed: t.tests.failed }).toEqual({ exit_code: 0, failed: 0 });
    expect(t.projects.map((p) => p.name).some((n) => n.startsWith("heavy:"))).toBe(false);
  });
});
