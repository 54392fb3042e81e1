/**
 * A vitest reporter for mutation runs only: a test file that fails to load counts as one failing
 * test. StrykerJS's vitest runner (9.5.1; stryker-js#6150) builds a mutant's result from the tests
 * it collected, and a file whose import throws collects none, so a mutant that stops a module from
 * loading (a zod schema that cannot be built) was scored as survived although every test file
 * that imports the module fails.
 */
import type { RunnerTestCase, RunnerTestFile } from "vitest";
import type { Reporter, Vitest } from "vitest/node";

/** Gives each file that failed without collecting a test one failed test carrying the file's error. */
export function loadFailuresAsTests(files: readonly RunnerTestFile[]): void {
  for (const file of files) {
    if (file.result?.state !== "fail" || file.tasks.length > 0) continue;
    const failed = {
      type: "test",
      id: `${file.id}_load`,
      name: "loads",
      fullName: `${file.name} loads`,
      fullTestName: "loads",
      mode: "run",
      meta: {},
      file,
      suite: file,
      timeout: 0,
      annotations: [],
      artifacts: [],
      result: { state: "fail", errors: file.result.errors ?? [] },
    };
    // The one cast: vitest types a test with a run context only vitest builds, and nothing reads it once the run is over.
    file.tasks.push(failed as unknown as RunnerTestCase);
  }
}

export function unloadableFileAsFailedTest(): Reporter {
  let vitest: Vitest | undefined;
  return {
    onInit(ctx) {
      vitest = ctx;
    },
    onTestRunEnd() {
      if (vitest !== undefined) loadFailuresAsTests(vitest.state.getFiles());
    },
  };
}
