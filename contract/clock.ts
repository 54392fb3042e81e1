/** Time is injected: engines read `now()` and wait with `sleep()`, never `Date.now()`. */

export type Clock = {
  now(): number;
  /** Resolves after `ms`; resolves at once (without advancing time) when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
};

export type ManualClock = Clock & { advance(ms: number): void };

/** 2026-01-01T00:00:00Z, the default start of every manual clock. */
export const DEFAULT_EPOCH = Date.UTC(2026, 0, 1);

/**
 * A virtual clock for deterministic runs: time moves only when something sleeps or a test
 * advances it. A sleep completes after the current macrotask, so work that settles in
 * microtasks wins a race against any timeout, and a cancelled timeout never moves time.
 */
export function createManualClock(start: number = DEFAULT_EPOCH): ManualClock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
    sleep(ms, signal) {
      return new Promise((resolve) => {
        if (signal?.aborted) return resolve();
        let fired = false;
        nextMacrotask(() => {
          if (fired) return;
          signal?.removeEventListener("abort", onAbort);
          now += ms;
          resolve();
        });
        const onAbort = () => {
          fired = true;
          resolve();
        };
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
  };
}

/**
 * Runs `task` after the current macrotask. Node's setImmediate has no 1 ms floor, where
 * setTimeout(0) does: a fault schedule sleeps through many virtual timeouts, and spent 13% of its
 * wall time idle on that floor. Browsers (the pages) have no setImmediate and keep setTimeout.
 */
const nextMacrotask: (task: () => void) => void =
  typeof globalThis.setImmediate === "function"
    ? (task) => void setImmediate(task)
    : (task) => void setTimeout(task, 0);

/** Wall-clock time, for real runs (the MCP server, the benchmarks). */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      // A long-lived signal (a whole run's) outlives many sleeps: each removes its listener when done.
      const onAbort = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  },
};
