/**
 * Files the scripts and the MCP server write: a folder made one level at a time, and a set of
 * files written all or nothing (each to a temporary sibling, renamed into place only when every one
 * was written), so a failed run never leaves half an evidence file.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { err, ok, type Result } from "../contract/result.js";

export type OutputFile = { readonly path: string; readonly text: string };

/**
 * `mkdirSync(dir, { recursive: true })` never returns on Node 20 when an ancestor refuses new
 * folders with ENOENT (a path under `/proc`); made level by level, the refusal is an error.
 */
export function makeDirectory(dir: string): void {
  if (existsSync(dir)) return;
  const parent = dirname(dir);
  if (parent !== dir) makeDirectory(parent);
  try {
    mkdirSync(dir);
  } catch (e) {
    // Another process made it between the check and here.
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
}

export function writeFilesAtomically(files: readonly OutputFile[]): Result<void, string> {
  const staged: { readonly temp: string; readonly path: string }[] = [];
  try {
    for (const file of files) {
      makeDirectory(dirname(file.path));
      const temp = `${file.path}.${process.pid}.tmp`;
      staged.push({ temp, path: file.path });
      writeFileSync(temp, file.text);
    }
    for (const { temp, path } of staged) renameSync(temp, path);
    return ok(undefined);
  } catch (e) {
    for (const { temp } of staged) removeQuietly(temp);
    return err(e instanceof Error ? e.message : String(e));
  }
}

/** Cleanup after a failure must not hide it: a temp path that never existed (its folder is a file) is fine. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // The first error is the one reported.
  }
}
