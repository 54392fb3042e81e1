import { describe, expect, it } from "vitest";
import { createManualClock, DEFAULT_EPOCH, systemClock } from "./clock.js";

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

  it("moves time once when a sleep with a signal completes, and a later abort changes nothing", async () => {
    const clock = createManualClock(0);
    const controller = new AbortController();
    await clock.sleep(10, controller.signal);
    controller.abort();
    expect(clock.now()).toBe(10);
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
