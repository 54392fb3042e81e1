/**
 * Temporary directories for one test file, removed when the file is done: `scratchDir(prefix)` in place of a
 * bare mkdtemp. The removal is registered by test/setup/scratch-files.ts, a setup file vitest runs again for every
 * test file: a file of a project that shares its worker's modules between files (vitest.config.ts) imports this
 * module once per worker, so an afterAll here would belong to the first file only. test/setup/tmp-leaks.ts names
 * what is still left at the end of a run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];

export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every directory `scratchDir` made since the last call: the test file's, at its end. */
export function removeScratchDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
