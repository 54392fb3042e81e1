/**
 * Files the scripts and the MCP server write: a folder made one level at a time, and a set of
 * files written all or nothing (each to a temporary sibling, renamed into place only when every one
 * was written), so a failed run never leaves half an evidence file. A file whose new text says what the
 * one in place says (byte for byte, or equal apart from the fields `volatile` names) is left as it is: a
 * regeneration with the same results leaves tracked evidence unchanged.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { err, ok, type Result } from "../contract/result.js";
import { readInputFile } from "./input-file.js";

export type OutputFile = {
  readonly path: string;
  readonly text: string;
  /** Top-level JSON fields that change on every run (a time, a commit): a file that differs only there stays. */
  readonly volatile?: readonly string[];
};

/** Whether `before` says what `after` says: the same text, or the same JSON once the `volatile` fields are dropped. */
export function sameApartFrom(before: string, after: string, volatile: readonly string[] = []): boolean {
  if (before === after) return true;
  if (volatile.length === 0) return false;
  const stable = (text: string): string | null => {
    try {
      const value = JSON.parse(text) as unknown;
      if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
      const copy = { ...(value as Record<string, unknown>) };
      for (const field of volatile) delete copy[field];
      return JSON.stringify(copy);
    } catch {
      return null;
    }
  };
  const a = stable(before);
  return a !== null && a === stable(after);
}

/** Read as an input is (a FIFO or a device in the way is never read, it is simply replaced or refused later). */
function unchanged(file: OutputFile): boolean {
  const before = readInputFile(file.path, { maxBytes: Buffer.byteLength(file.text) * 2 + 1024 });
  return before.ok && sameApartFrom(before.value, file.text, file.volatile);
}

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

/** Writes every file that changed; the paths written (a file that says what it said before is not among them). */
export function writeFilesAtomically(files: readonly OutputFile[]): Result<readonly string[], string> {
  const staged: { readonly temp: string; readonly path: string }[] = [];
  try {
    for (const file of files) {
      if (unchanged(file)) continue;
      makeDirectory(dirname(file.path));
      const temp = `${file.path}.${process.pid}.tmp`;
      staged.push({ temp, path: file.path });
      writeFileSync(temp, file.text);
    }
    for (const { temp, path } of staged) renameSync(temp, path);
    return ok(staged.map((file) => file.path));
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
