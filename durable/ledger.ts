/**
 * The idempotency ledger on disk, shared by every process that opens the same directory. One
 * file per key, replaced atomically with fsync; every change is a read-decide-write under the
 * key's lock file, so `begin` is a compare-and-set across processes: of two processes beginning
 * the same key at once, exactly one gets `execute`. The decisions are the contract's own
 * (`decideBegin`); this module only makes them atomic and durable.
 */
import { join } from "node:path";
import { decideBegin, type LedgerEntry, type LedgerStore } from "../handwritten/contract/index.js";
import { ensureDir, fileNameOf, listFiles, readJsonFile, removeIfExists, writeFileAtomic } from "./files.js";
import { withLockSync, type LockOptions } from "./lock.js";

export type FileLedger = LedgerStore & {
  readonly dir: string;
  entries(): readonly LedgerEntry[];
};

export function createFileLedger(dir: string, lock: LockOptions = {}): FileLedger {
  ensureDir(dir);
  const pathOf = (key: string) => join(dir, `${fileNameOf(key)}.json`);
  const read = (key: string): LedgerEntry | undefined => {
    const entry = readJsonFile(pathOf(key)) as LedgerEntry | undefined;
    if (entry !== undefined && entry.key !== key)
      throw new Error(`ledger file ${pathOf(key)} holds key ${entry.key}, not ${key}`);
    return entry;
  };
  const locked = <T>(key: string, critical: () => T): T =>
    withLockSync(join(dir, `${fileNameOf(key)}.lock`), critical, lock);
  const update = (key: string, change: (entry: LedgerEntry) => LedgerEntry) =>
    locked(key, () => {
      const entry = read(key);
      if (entry !== undefined) writeFileAtomic(pathOf(key), JSON.stringify(change(entry)));
    });

  return {
    dir,
    get: read,
    begin: (request) =>
      locked(request.key, () => {
        const decision = decideBegin(read(request.key), request);
        if (decision.kind === "execute") {
          const { at, ...rest } = request;
          const entry: LedgerEntry = { ...rest, state: "in_flight", dispatched: false, updated_at: at };
          writeFileAtomic(pathOf(request.key), JSON.stringify(entry));
        }
        return decision;
      }),
    setDispatched: (key, dispatched, at) =>
      update(key, (e) => (e.state === "in_flight" ? { ...e, dispatched, updated_at: at } : e)),
    complete: (key, output, at) => update(key, (e) => ({ ...base(e), state: "completed", output, updated_at: at })),
    markUncertain: (key, at) => update(key, (e) => ({ ...base(e), state: "uncertain", updated_at: at })),
    release: (key) => locked(key, () => removeIfExists(pathOf(key))),
    entries: () => listFiles(dir, ".json").map((name) => readJsonFile(join(dir, name)) as LedgerEntry),
  };
}

function base(entry: LedgerEntry) {
  return { key: entry.key, tool: entry.tool, args_digest: entry.args_digest, owner: entry.owner };
}
