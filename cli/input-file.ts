/**
 * The one way an entry point reads a file it was handed (a submission, an artifact, a route): only
 * a regular file, opened non-blocking so a FIFO or a device never hangs the process, refused when
 * larger than the caller's limit before a byte of it is read, and refused when nested deeper than
 * the caller's limit before any parser sees it (a parser recurses per level: a 2 KB file nested
 * 1,000 deep used to exhaust V8's memory). Bad input is exit 2, a file that exists but cannot be
 * read is exit 4; every error carries a code for the one-line reason.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { err, ok, type Result } from "../contract/result.js";
import { nestingExceeds, type InputFormat } from "./input-depth.js";

export type InputFileErrorCode =
  "input_not_found" | "input_not_regular" | "input_too_large" | "input_too_deep" | "input_unreadable";

export type InputFileError = { readonly exit: 2 | 4; readonly code: InputFileErrorCode; readonly message: string };

export type InputLimits = {
  readonly maxBytes: number;
  /** Checked before parsing when given: the deepest nesting of arrays and objects (YAML: of any collection). */
  readonly maxDepth?: number;
  readonly format?: InputFormat;
};

/** Inputs are pages of JSON or YAML; no entry point needs more, and a route or evidence file is far smaller. */
export const DEFAULT_INPUT_LIMITS = { maxBytes: 4 * 1024 * 1024, maxDepth: 64 } as const;

/** Errors that say the path names nothing readable (the caller's mistake), not that a read failed. */
const NOT_FOUND = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG", "ELOOP"]);

export function readInputFile(path: string, limits: InputLimits): Result<string, InputFileError> {
  if (path === "") return err({ exit: 2, code: "input_not_found", message: "an empty path names no file" });
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting for one.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return err(openError(path, (e as NodeJS.ErrnoException).code ?? ""));
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile())
      return err({ exit: 2, code: "input_not_regular", message: `${path} is ${kindOf(stats)}, not a regular file` });
    if (stats.size > limits.maxBytes) return err(tooLarge(path, limits.maxBytes));
    const text = readBounded(fd, limits.maxBytes);
    if (text === null) return err(tooLarge(path, limits.maxBytes));
    if (limits.maxDepth !== undefined && nestingExceeds(text, limits.maxDepth, limits.format ?? "json"))
      return err({
        exit: 2,
        code: "input_too_deep",
        message: `${path} nests deeper than ${limits.maxDepth} levels`,
      });
    return ok(text);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "";
    return err({ exit: 4, code: "input_unreadable", message: `cannot read ${path}${code === "" ? "" : ` (${code})`}` });
  } finally {
    closeSync(fd);
  }
}

/** Reads to the end, but never more than `maxBytes` (a file can grow after fstat; /proc files report 0). */
function readBounded(fd: number, maxBytes: number): string | null {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.alloc(Math.min(64 * 1024, maxBytes + 1 - total));
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) return Buffer.concat(chunks).toString("utf8");
    total += n;
    if (total > maxBytes) return null;
    chunks.push(chunk.subarray(0, n));
  }
}

function openError(path: string, code: string): InputFileError {
  if (NOT_FOUND.has(code)) return { exit: 2, code: "input_not_found", message: `no file ${path} (${code})` };
  // A socket cannot be opened as a file at all.
  if (code === "ENXIO" || code === "EISDIR")
    return { exit: 2, code: "input_not_regular", message: `${path} is not a regular file (${code})` };
  return { exit: 4, code: "input_unreadable", message: `cannot read ${path}${code === "" ? "" : ` (${code})`}` };
}

function tooLarge(path: string, maxBytes: number): InputFileError {
  return { exit: 2, code: "input_too_large", message: `${path} is over the ${maxBytes}-byte limit` };
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "not a file";
}

/** A directory an entry point was handed (an evidence folder): refused like a file, before anything reads it. */
export function inputDirectory(path: string): Result<string, InputFileError> {
  if (path === "") return err({ exit: 2, code: "input_not_found", message: "an empty path names no directory" });
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "";
    if (NOT_FOUND.has(code))
      return err({ exit: 2, code: "input_not_found", message: `no directory ${path} (${code})` });
    return err({ exit: 4, code: "input_unreadable", message: `cannot read ${path}${code === "" ? "" : ` (${code})`}` });
  }
  if (!stats.isDirectory())
    return err({ exit: 2, code: "input_not_regular", message: `${path} is ${kindOf(stats)}, not a directory` });
  return ok(path);
}
