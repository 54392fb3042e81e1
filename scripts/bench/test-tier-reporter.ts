/**
 * A vitest reporter for the bench's test-tier measure (scripts/bench/test-tier.ts): each test file's project,
 * time (import, setup and tests) and outcomes, and vitest's own wall time, written as JSON to the file named by
 * AGENT_HARNESS_TEST_TIER_OUT. The JSON reporter names no project, so the bench brings its own.
 */
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import type { TierRun } from "./test-tier-schema.js";

export const TEST_TIER_OUT_ENV = "AGENT_HARNESS_TEST_TIER_OUT";

export default class TestTierReporter implements Reporter {
  private started = Date.now();

  onInit(): void {
    this.started = Date.now();
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const out = process.env[TEST_TIER_OUT_ENV];
    if (out === undefined || out === "") return;
    const files = modules.map((m) => {
      const d = m.diagnostic();
      const states = [...m.children.allTests()].map((t) => t.result().state);
      return {
        path: relative(process.cwd(), m.moduleId).replaceAll("\\", "/"),
        project: m.project.name,
        ms: Math.round(d.collectDuration + d.setupDuration + d.prepareDuration + d.duration),
        passed: states.filter((s) => s === "passed").length,
        failed: states.filter((s) => s === "failed").length + (m.ok() || states.includes("failed") ? 0 : 1),
        skipped: states.filter((s) => s === "skipped" || s === "pending").length,
      };
    });
    const run: TierRun = { vitest_ms: Date.now() - this.started, files };
    writeFileSync(out, JSON.stringify(run));
  }
}
