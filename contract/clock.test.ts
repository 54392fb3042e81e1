import { getEventListeners } from "node:events";
import { readFile } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createManualClock, DEFAULT_EPOCH, SleepCancel, systemClock, type Clock } from "./clock.js";

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, "abort").length;

/** Runs `body` inside an I/O callback, where Node runs setImmediate callbacks before any timer. */
const inIoCallback = <T>(body: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => {
    readFile(fileURLToPath(import.meta.url), () => void body().then(resolve, reject));
  });

describe("createManualClock", () => {
  it("starts at 2026-01-01T00:00:00Z unless told otherwise, and moves only when advanced", () => {
    expect(DEFAULT_EPOCH).toBe(1_767_225_600_000);
    expect(createManualClock().now()).toBe(1_767_225_600_000);
    const clock = createManualClock(500);
    clock.advance(250);
    expect(clock.now()).toBe(750);
  });

  it("moves time by the sleep only once the sleep completes", async () => {
    const clock = createManualClock(0);
    const sleeping = clock.sleep(1_000);
    expect(clock.now()).toBe(0);
    await sleeping;
    expect(clock.now()).toBe(1_000);
  });

  it("lets work that settles in microtasks win against a sleep", async () => {
    const clock = createManualClock(0);
    const winner = await Promise.race([clock.sleep(1).then(() => "sleep"), Promise.resolve().then(() => "work")]);
    expect(winner).toBe("work");
  });

  it("resolves at once without moving time when the signal is already aborted", async () => {
    const clock = createManualClock(0);
    await clock.sleep(1_000, AbortSignal.abort());
    expect(clock.now()).toBe(0);
  });

  it("resolves without moving time when the signal aborts during the sleep", async () => {
    const clock = createManualClock(0);
    const controller = new AbortController();
    const sleeping = clock.sleep(1_000, controller.signal);
    controller.abort();
    await sleeping;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(clock.now()).toBe(0);
  });

  it("leaves no task behind when the signal aborts during the sleep", () => {
    const immediates = () => process.getActiveResourcesInfo().filter((r) => r === "Immediate").length;
    const before = immediates();
    const clock = createManualClock(0);
    const controller = new AbortController();
    void clock.sleep(1_000, controller.signal);
    expect(immediates()).toBe(before + 1);
    controller.abort();
    expect(immediates()).toBe(before);
  });

  it("moves time once when a sleep with a signal completes, and a later abort changes nothing", async () => {
    const clock = createManualClock(0);
    const controller = new AbortController();
    await clock.sleep(10, controller.signal);
    controller.abort();
    expect(clock.now()).toBe(10);
  });

  it("completes a sleep before a timer that was due at the same moment (no 1 ms timer floor in Node)", async () => {
    const order = await inIoCallback(async () => {
      const seen: string[] = [];
      const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void seen.push("timer")), 0));
      await Promise.all([
        createManualClock(0)
          .sleep(1_000)
          .then(() => seen.push("sleep")),
        timer,
      ]);
      return seen;
    });
    expect(order).toEqual(["sleep", "timer"]);
  });

  describe("where there is no setImmediate (a browser)", () => {
    afterEach(() => vi.unstubAllGlobals());

    it("still completes a sleep after the current macrotask, moving time by the sleep", async () => {
      vi.stubGlobal("setImmediate", undefined);
      // A fresh instance of the module, evaluated while setImmediate is missing.
      const fresh = "./clock.js?without-setimmediate";
      const browser = (await import(fresh)) as typeof import("./clock.js");
      const clock = browser.createManualClock(0);
      const sleeping = clock.sleep(250).then(() => "sleep");
      const winner = await Promise.race([sleeping, Promise.resolve().then(() => "work")]);
      expect(winner).toBe("work");
      const later = new Promise<string>((resolve) => setTimeout(() => resolve("later timer"), 50));
      expect(await Promise.race([sleeping, later])).toBe("sleep");
      expect(clock.now()).toBe(250);
    });
  });
});

describe("listeners on the signal", () => {
  it.each<[string, () => Clock]>([
    ["manual", () => createManualClock(0)],
    ["system", () => systemClock],
  ])("a %s clock's sleep leaves no listener behind, whether it completed or was aborted", async (_, make) => {
    const clock = make();
    const run = new AbortController();
    await clock.sleep(1, run.signal);
    await clock.sleep(1, run.signal);
    expect(abortListeners(run.signal)).toBe(0);
    const sleeping = clock.sleep(60_000, run.signal);
    expect(abortListeners(run.signal)).toBe(1);
    run.abort();
    await sleeping;
    expect(abortListeners(run.signal)).toBe(0);
  });
});

describe("SleepCancel", () => {
  it.each<[string, () => Clock]>([
    ["manual", () => createManualClock(0)],
    ["system", () => systemClock],
  ])("cancels a %s clock's sleep as an aborted signal does: at once, without moving time", async (_, make) => {
    const clock = make();
    const before = clock.now();
    const cancel = new SleepCancel();
    const sleeping = clock.sleep(60_000, cancel);
    cancel.abort();
    await sleeping;
    await clock.sleep(60_000, cancel);
    // The manual clock did not move; the system clock did not wait a minute.
    expect(clock.now() - before).toBeLessThan(5_000);
    if (clock !== systemClock) expect(clock.now()).toBe(0);
  });

  it("runs each listener once, synchronously, on the first abort only; a removed or late listener not at all", () => {
    const cancel = new SleepCancel();
    const heard: string[] = [];
    const first = () => heard.push("first");
    const removed = () => heard.push("removed");
    cancel.addEventListener("abort", first);
    cancel.addEventListener("abort", first);
    cancel.addEventListener("abort", removed);
    cancel.removeEventListener("abort", removed);
    expect(cancel.aborted).toBe(false);
    cancel.abort();
    expect(heard).toEqual(["first"]);
    expect(cancel.aborted).toBe(true);
    cancel.addEventListener("abort", () => heard.push("late"));
    cancel.abort();
    expect(heard).toEqual(["first"]);
  });
});

describe("systemClock", () => {
  it("reads the wall clock", () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("sleeps at least the time asked", async () => {
    const start = performance.now();
    await systemClock.sleep(30);
    expect(performance.now() - start).toBeGreaterThanOrEqual(25);
  });

  it("returns at once when the signal is already aborted or aborts during the sleep", async () => {
    const start = performance.now();
    await systemClock.sleep(60_000, AbortSignal.abort());
    const controller = new AbortController();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    controller.abort();
    await sleeping;
    expect(performance.now() - start).toBeLessThan(5_000);
  });
});
