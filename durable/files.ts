/**
 * Durable file primitives. A record is durable when the call returns: its bytes and the
 * directory entry that names it have been fsync'ed. Whole files are replaced atomically (temp
 * file, fsync, rename, fsync of the directory); logs are appended one record per line, and a
 * torn last line (a crash in the middle of an append) is ignored on read.
 */
import { randomBytes, createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";

/** A file-name-safe name for any key (session ids, idempotency keys, artifact refs). */
export function fileNameOf(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex").slice(0, 40);
}

export function ensureDir(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true });
  fsyncDir(dirname(dir));
}

/** Makes a directory entry (a new, renamed or removed file) durable. */
export function fsyncDir(dir: string): void {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

/** Replaces `path` with `text`: readers see the old file or the new one, never a mix. */
export function writeFileAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const fd = openSync(temp, "wx");
  try {
    writeAll(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  fsyncDir(dirname(path));
}

/** Appends records, one JSON line each, in a single write, then fsyncs. */
export function appendJsonLines(path: string, records: readonly unknown[]): void {
  if (records.length === 0) return;
  const created = !existsSync(path);
  const fd = openSync(path, "a");
  try {
    writeAll(fd, records.map((record) => `${JSON.stringify(record)}\n`).join(""));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (created) fsyncDir(dirname(path));
}

/** The records of a log, oldest first. A last line without its newline was torn by a crash and is dropped. */
export function readJsonLines(path: string): unknown[] {
  const text = readIfExists(path);
  if (text === undefined || text === "") return [];
  const lines = text.split("\n");
  lines.pop(); // "" after the last newline, or the torn tail
  return lines.map((line, i) => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw new Error(`${path}: line ${i + 1} is not JSON; the log is corrupt`);
    }
  });
}

export function readJsonFile(path: string): unknown {
  const text = readIfExists(path);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

export function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

export function listFiles(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .sort();
}

export function removeIfExists(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
