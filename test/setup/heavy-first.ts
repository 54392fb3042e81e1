/**
 * The test files' order: vitest's own (longest first when it has timings from an earlier run, else
 * largest first), except that the files taking a minute or more start before everything else. CI
 * installs afresh, so vitest has no timings there, and a long file started last would leave one
 * worker running it alone while the other sits idle.
 */
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Slowest first, from a CI run's timings on two cores (2026-12-07, seconds in the comments); a file missing
 * from the list runs after these, in vitest's order.
 */
export const HEAVY_FILES: readonly string[] = [
  "test/scenarios/secret-places-heavy.test.ts", // 110
  "test/bench/bench.test.ts", // 115, mostly waiting on the quick bench's child processes
  "test/comparison/ablation-full.test.ts", // 100
  "test/crash/kill.test.ts", // 70
  "web/flow-e2e.test.ts", // 65
  "test/faults/schedules.test.ts", // 60, on every core (worker threads)
  "test/report/report-e2e.test.ts", // 57
  "test/report/report-lang-e2e.test.ts", // 45
  "web/e2e.test.ts", // 45
  "test/crash/dbos-adapter.test.ts", // 34
  "test/comparison/tamper-sabotage.test.ts", // 29
  "test/stores/race.test.ts", // 21
  "test/stores/fault-suite.test.ts", // 20
  "dbos-adapter/src/engines.test.ts", // 20
  "test/architecture/risk-exhaustive.test.ts", // 17
  "test/scenarios/secret-places.test.ts", // 16
  "test/bench/scale.test.ts", // 16
  "test/bench/stores.test.ts", // 15
  "mcp/hosts.test.ts", // 15
];

const rank = (spec: TestSpecification): number => {
  const at = HEAVY_FILES.indexOf(relative(spec.project.config.root, spec.moduleId).replaceAll("\\", "/"));
  return at === -1 ? HEAVY_FILES.length : at;
};

export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: every other file keeps vitest's order.
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
