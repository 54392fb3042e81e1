/**
 * The fixture world on disk, so that the outside world survives the crash of the process that
 * acted on it. Every executor call is one transaction under the world's lock file: reload the
 * world, run the call (the fixture world counts it and applies its effect), write the world back
 * atomically with fsync. A process killed before the write left no trace in the world; one killed
 * after it left exactly what it did. Several processes can share one world.
 */
import { join } from "node:path";
import {
  createFixtureWorld,
  emptyWorldData,
  type Fault,
  type FixtureWorld,
  type WorldData,
} from "../handwritten/fixtures/index.js";
import { ensureDir, readJsonFile, writeFileAtomic } from "./files.js";
import { withLock, withLockSync, type LockOptions } from "./lock.js";

export type DurableWorldOptions = {
  /** Faults the world plays, injected only when the world is first created on disk. */
  readonly faults?: readonly Fault[];
  /** Network latency before each executor call reaches the world, in real milliseconds. @default 0 */
  readonly latencyMs?: number;
  readonly lock?: LockOptions;
};

export type DurableWorld = FixtureWorld & { readonly path: string };

export const WORLD_FILE = "world.json";

/** What a world directory holds now (an empty world if nothing acted on it yet). */
export function readWorldData(dir: string): WorldData {
  return (readJsonFile(join(dir, WORLD_FILE)) as WorldData | undefined) ?? emptyWorldData();
}

export function createDurableWorld(dir: string, options: DurableWorldOptions = {}): DurableWorld {
  ensureDir(dir);
  const path = join(dir, WORLD_FILE);
  const lockPath = join(dir, "world.lock");
  const data = emptyWorldData();
  const inner = createFixtureWorld(data);
  /** Calls of this process inside a transaction: their changes are in memory and must not be reloaded over. */
  let active = 0;
  const reload = () => {
    if (active === 0) Object.assign(data, readWorldData(dir));
  };
  const persist = () => writeFileAtomic(path, JSON.stringify(data));
  const transactSync = (change: () => void) =>
    withLockSync(
      lockPath,
      () => {
        reload();
        change();
        persist();
      },
      options.lock,
    );

  transactSync(() => {
    if (readJsonFile(path) === undefined) for (const fault of options.faults ?? []) inner.inject(fault);
  });

  return {
    // Members that only observe (and any the fixture world gains later) are the fixture world's own.
    ...inner,
    path,
    get data() {
      reload();
      return data;
    },
    inject: (fault) => transactSync(() => inner.inject(fault)),
    recordEffect(tool, key) {
      if (active > 0) inner.recordEffect(tool, key);
      else transactSync(() => inner.recordEffect(tool, key));
    },
    totalEffects(tool) {
      reload();
      return inner.totalEffects(tool);
    },
    totalCalls(tool) {
      reload();
      return inner.totalCalls(tool);
    },
    async perform(tool, ctx, effect) {
      const latency = options.latencyMs ?? 0;
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      return withLock(
        lockPath,
        async () => {
          reload();
          active += 1;
          try {
            return await inner.perform(tool, ctx, effect);
          } finally {
            active -= 1;
            persist();
          }
        },
        options.lock,
      );
    },
  };
}
