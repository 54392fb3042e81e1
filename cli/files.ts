/**
 * Files the scripts and the MCP server write: a folder made one level at a time, and a set of
 * files written all or nothing (each to a temporary sibling, renamed into place only when every one
 * was written), so a failed run never leaves half an evidence file. Only a regular file (or nothing)
 * is replaced: a rename over a FIFO, a device, a symlink or a directory would put a file in its place.
 */
import { existsSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync, type Stats } from "node:fs";
import { dirname } from "node:path";
import { err, ok, type Result } from "../contract/result.js";

export type OutputFile = { readonly path: string; readonly text: string };

/** Why outputs were not written, and the exit code a command gives for each: one table. */
export const OUTPUT_ERROR_EXIT = {
  /** Something other than a regular file stands at an output path: a usage error, nothing is replaced. */
  output_not_regular: 2,
  /** The file system refused a write. */
  write_failed: 4,
} as const;
export type OutputErrorCode = keyof typeof OUTPUT_ERROR_EXIT;
export type OutputError = { readonly code: OutputErrorCode; readonly message: string };

/** The exit code of a command whose outputs could not be written. */
export const outputExitCode = (error: OutputError): 2 | 4 => OUTPUT_ERROR_EXIT[error.code];

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

export function writeFilesAtomically(files: readonly OutputFile[]): Result<void, OutputError> {
  const refused = notRegular(files);
  if (refused !== null) return err(refused);
  const staged: { readonly temp: string; readonly path: string }[] = [];
  try {
    for (const file of files) {
      makeDirectory(dirname(file.path));
      const temp = `${file.path}.${process.pid}.tmp`;
      staged.push({ temp, path: file.path });
      // A stale temporary (or one planted as a symlink) is removed, and `wx` never follows one to its target.
      rmSync(temp, { force: true });
      writeFileSync(temp, file.text, { flag: "wx" });
    }
    // Checked again just before the renames: the writes take time, and something may have been put there since.
    const late = notRegular(files);
    if (late !== null) {
      for (const { temp } of staged) removeQuietly(temp);
      return err(late);
    }
    for (const { temp, path } of staged) renameSync(temp, path);
    return ok(undefined);
  } catch (e) {
    for (const { temp } of staged) removeQuietly(temp);
    return err({ code: "write_failed", message: e instanceof Error ? e.message : String(e) });
  }
}

/** The first output path where something other than a regular file stands, as an error; null when none does. */
function notRegular(files: readonly OutputFile[]): OutputError | null {
  for (const { path } of files) {
    const found = kindAt(path);
    if (found !== null)
      return {
        code: "output_not_regular",
        message: `output_not_regular: ${path} is ${found}; only a regular file is replaced`,
      };
  }
  return null;
}

/** What stands at `path` when it is not a regular file (a symlink is not followed), or null. */
function kindAt(path: string): string | null {
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch {
    // Nothing there (or it cannot be read): the write itself reports what the file system says.
    return null;
  }
  if (stat.isFile()) return null;
  if (stat.isSymbolicLink()) return "a symbolic link";
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  if (stat.isSocket()) return "a socket";
  return "not a regular file";
}

/** Cleanup after a failure must not hide it: a temp path that never existed (its folder is a file) is fine. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // The first error is the one reported.
  }
}
