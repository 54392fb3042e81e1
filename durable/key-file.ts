/**
 * A generated key kept in a file beside a SQLite store (`<store>.key`), so a process started again
 * on the store holds the key it was sealed under without anyone configuring one. The file is made
 * owner-only (0600), whole or not at all (written to a private temporary sibling, then linked into
 * place, which fails if another process got there first: both then read the one that won), and a
 * key file that group or others may read or write is refused rather than trusted.
 */
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { err, ok, type Result } from "../contract/index.js";

export type KeyFileError = {
  readonly code: "key_file_exposed" | "key_file_invalid" | "key_file_unreadable";
  readonly message: string;
};

/** Where the key of the SQLite store at `storePath` is kept. */
export function keyFileFor(storePath: string): string {
  return `${storePath}.key`;
}

/** Shortest key a file may hold (as a configured secret must have). */
const MIN_KEY_CHARS = 16;

/** The key in `file`, made from `generate()` when there is none yet. */
export function readOrCreateKeyFile(file: string, generate: () => string): Result<string, KeyFileError> {
  try {
    statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return unreadable(file, error);
    const made = createExclusively(file, generate());
    if (!made.ok) return made;
  }
  return readKeyFile(file);
}

/** The key in an existing `file`, refused when others may read or write it or when it holds no key. */
export function readKeyFile(file: string): Result<string, KeyFileError> {
  let text: string;
  try {
    const mode = statSync(file).mode & 0o777;
    // Windows has no such mode bits to check; elsewhere anyone else's access is a leak of the key.
    if (process.platform !== "win32" && (mode & 0o077) !== 0)
      return err({
        code: "key_file_exposed",
        message: `${file} may be read or written by group or others (mode ${mode.toString(8)}): chmod 600 it`,
      });
    text = readFileSync(file, "utf8");
  } catch (error) {
    return unreadable(file, error);
  }
  const key = text.trim();
  if (key.length < MIN_KEY_CHARS || /\s/.test(key))
    return err({ code: "key_file_invalid", message: `${file} holds no key of at least ${MIN_KEY_CHARS} characters` });
  return ok(key);
}

function createExclusively(file: string, key: string): Result<void, KeyFileError> {
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    const fd = openSync(temp, "wx", 0o600);
    try {
      writeSync(fd, `${key}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return unreadable(file, error);
  } finally {
    rmSync(temp, { force: true });
  }
  return ok(undefined);
}

function unreadable(file: string, error: unknown): Result<never, KeyFileError> {
  return err({
    code: "key_file_unreadable",
    message: `${file}: ${error instanceof Error ? error.message : String(error)}`,
  });
}
