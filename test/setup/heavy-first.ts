/**
 * The test files' order: vitest's own (longest first when it has timings from an earlier run, else
 * largest first), except that the files taking a minute or more start before everything else. CI
 * installs afresh, so vitest has no timings there, and a long file started last would leave one
 * worker running it alone while the other sits idle.
 */
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Slowest first, from CI's timings; a file missing from the list only runs later. */
export const HEAVY_FILES: readonly string[] = [
  "test/faults/schedules.test.ts",
  "test/bench/bench.test.ts",
  "test/crash/kill.test.ts",
  "web/flow-e2e.test.ts",
  "web/e2e.test.ts",
  "test/report/report-lang-e2e.test.ts",
  "test/report/report-e2e.test.ts",
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
