import { describe, expect, it } from "vitest";
import type { RunnerTestFile } from "vitest";
import { loadFailuresAsTests } from "./unloadable-file-reporter.js";

const fileNamed = (name: string, over: Partial<RunnerTestFile>): RunnerTestFile =>
  ({ type: "suite", id: `id-${name}`, name, filepath: `/repo/${name}`, tasks: [], ...over }) as RunnerTestFile;

describe("loadFailuresAsTests", () => {
  it("gives a file that failed without collecting a test one failed test carrying the file's error", () => {
    const error = { name: "Error", message: 'Invalid discriminated union option at index "0"' };
    const broken = fileNamed("a.test.ts", { result: { state: "fail", errors: [error] } });
    loadFailuresAsTests([broken]);
    expect(broken.tasks).toHaveLength(1);
    expect(broken.tasks[0]).toMatchObject({
      type: "test",
      name: "loads",
      mode: "run",
      file: broken,
      result: { state: "fail", errors: [error] },
    });
  });

  it("leaves alone a file that loaded, whether its tests passed or failed", () => {
    const test = { type: "test", name: "t", mode: "run", result: { state: "fail" } } as RunnerTestFile["tasks"][number];
    const failing = fileNamed("b.test.ts", { result: { state: "fail" }, tasks: [test] });
    const passing = fileNamed("c.test.ts", { result: { state: "pass" } });
    loadFailuresAsTests([failing, passing]);
    expect([failing.tasks, passing.tasks]).toEqual([[test], []]);
  });
});
