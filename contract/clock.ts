/** Time is injected: engines read `now()` and wait with `sleep()`, never `Date.now()`. */

export type Clock = {
  now(): number;
  /** Resolves after `ms`; resolves at once (without advancing time) when `signal` aborts first. */
  sleep(ms: number, signal?: SleepSignal): Promise<void>;
};

/** What a sleep reads of its cancellation: an AbortSignal has it, and so does the lighter `SleepCancel`. */
export type SleepSignal = {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
};

/**
 * A one-shot cancellation for a sleep, as an AbortController's signal is, without the signal: in
 * Node, making an AbortSignal and dispatching its abort event cost more than the rest of a tool
 * call's race against its timeout. Listeners run once, synchronously, when `abort` is called.
 */
export class SleepCancel implements SleepSignal {
  #aborted = false;
  #listeners: (() => void)[] = [];

  get aborted(): boolean {
    return this.#aborted;
  }

  addEventListener(_type: "abort", listener: () => void): void {
    // As on an EventTarget: a listener added after the event, or added twice, runs no more than the event did.
    if (!this.#aborted && !this.#listeners.includes(listener)) this.#listeners.push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const at = this.#listeners.indexOf(listener);
    if (at >= 0) this.#listeners.splice(at, 1);
  }

  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }
}

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
        const cancel = nextMacrotask(() => {
          signal?.removeEventListener("abort", onAbort);
          now += ms;
          resolve();
        });
        // A cancelled sleep leaves no task behind: most timeouts lose their race to the call they guard.
        const onAbort = () => {
          cancel();
          resolve();
        };
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
  };
}

/**
 * Runs `task` after the current macrotask, unless the function returned cancels it first. Node's
 * setImmediate has no 1 ms floor, where setTimeout(0) does: a fault schedule sleeps through many
 * virtual timeouts, and spent 13% of its wall time idle on that floor. Browsers (the pages) have
 * no setImmediate and keep setTimeout.
 */
const nextMacrotask: (task: () => void) => () => void =
  typeof globalThis.setImmediate === "function"
    ? (task) => {
        const immediate = setImmediate(task);
        return () => clearImmediate(immediate);
      }
    : (task) => {
        const timer = setTimeout(task, 0);
        return () => clearTimeout(timer);
      };

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
