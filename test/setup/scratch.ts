/**
 * Temporary directories for one test file, removed when the file is done: `scratchDir(prefix)` in place of a
 * bare mkdtemp. The afterAll below is registered while the test file imports this module, so it belongs to that
 * file (each file has its own module instances under vitest's isolation). test/setup/tmp-leaks.ts names what is
 * still left at the end of a run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const made: string[] = [];

export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
