/**
 * A cross-process mutex on a lock file created with O_EXCL (`wx`): exactly one process can
 * create it, whoever did holds the lock until it removes the file. The file names its holder's
 * pid, so a lock left behind by a killed process is broken by the next process that waits on it.
 *
 * Critical sections are short (read, decide, write). The sync variant busy-waits with
 * `Atomics.wait`, so it must never wait on a lock its own process holds across an `await`.
 */
import { randomBytes } from "node:crypto";
import { closeSync, linkSync, openSync, renameSync, statSync, writeSync } from "node:fs";
import { readIfExists, removeIfExists } from "./files.js";

export type LockOptions = {
  /** Give up (throw) after waiting this long. @default 10000 */
  readonly timeoutMs?: number;
  /** Pause between attempts. @default 2 */
  readonly pollMs?: number;
};

export class LockTimeoutError extends Error {
  constructor(
    readonly path: string,
    readonly holder: string,
  ) {
    super(`lock ${path} is still held by ${holder || "an unknown process"}`);
    this.name = "LockTimeoutError";
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Runs `critical` while holding the lock at `path`. */
export function withLockSync<T>(path: string, critical: () => T, options: LockOptions = {}): T {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const token = tryAcquire(path);
    if (token !== null) {
      try {
        return critical();
      } finally {
        release(path, token);
      }
    }
    if (Date.now() > deadline) throw new LockTimeoutError(path, readIfExists(path) ?? "");
    Atomics.wait(pause, 0, 0, options.pollMs ?? 2);
  }
}

/** The same lock, waited for without blocking the event loop; `critical` may await. */
export async function withLock<T>(path: string, critical: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const token = tryAcquire(path);
    if (token !== null) {
      try {
        return await critical();
      } finally {
        release(path, token);
      }
    }
    if (Date.now() > deadline) throw new LockTimeoutError(path, readIfExists(path) ?? "");
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 2));
  }
}

/** Creates the lock file (its token on success), or breaks it when its holder is dead. */
function tryAcquire(path: string): string | null {
  const token = `${process.pid} ${randomBytes(8).toString("hex")}`;
  try {
    const fd = openSync(path, "wx");
    try {
      writeSync(fd, token);
    } finally {
      closeSync(fd);
    }
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const holder = readIfExists(path);
  if (holder === undefined) return null;
  // Between O_EXCL create and its write the file is empty: its holder is busy, unless it died right there.
  if (holder === "") {
    if (ageMs(path) > EMPTY_LOCK_GRACE_MS) breakStale(path, "");
    return null;
  }
  const pid = Number(holder.split(" ")[0]);
  if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) breakStale(path, holder);
  return null;
}

function release(path: string, token: string): void {
  if (readIfExists(path) !== token) throw new Error(`lock ${path} was taken from this process while it held it`);
  removeIfExists(path);
}

const EMPTY_LOCK_GRACE_MS = 2_000;

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Moves a dead holder's lock aside. If another waiter broke it first and a live process has
 * since taken the lock, the file moved aside is that live lock: it is linked back (link never
 * replaces an existing file), so the live holder keeps it.
 */
function breakStale(path: string, holder: string): void {
  const aside = `${path}.stale.${process.pid}.${randomBytes(6).toString("hex")}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (readIfExists(aside) !== holder) {
    try {
      linkSync(aside, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  removeIfExists(aside);
}
