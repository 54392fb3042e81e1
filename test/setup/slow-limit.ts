/**
 * A test that fails on a time limit says whether the machine was the cause: vitest's own message
 * ("timed out in N ms") gets the run's pace at the start and now (test/setup/pace.ts) appended.
 */
import { beforeEach } from "vitest";
import { tooSlow } from "./pace.js";

const TIMED_OUT = /timed out in (\d+)\s*ms/;

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    for (const error of task.result?.errors ?? []) {
      const limit = TIMED_OUT.exec(error.message)?.[1];
      if (limit !== undefined) error.message = `${error.message}\n${tooSlow(Number(limit))}`;
    }
  });
});
