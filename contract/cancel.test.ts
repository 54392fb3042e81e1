/** A host's cancellation reaches `executeIntent`: before dispatch nothing runs; after it, a write is uncertain. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { executeIntent } from "./execution.js";
import { beginIntent, executionDeps, intentFor } from "./test-helpers.js";
import type { RiskClass } from "./risk.js";
import { defineTool } from "./tool.js";

/** A tool that starts (counts a dispatch, runs `onStart`) and then waits until its signal aborts. */
function waitingTool(name: string, risk: RiskClass, started: string[], signals: AbortSignal[], onStart = () => {}) {
  return defineTool({
    name,
    description: "waits to be aborted",
    input: z.strictObject({}),
    risk,
    timeoutMs: 60_000,
    execute: (_args, ctx) =>
      new Promise((_, reject) => {
        started.push(name);
        signals.push(ctx.signal);
        onStart();
        ctx.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
      }),
  });
}

function setup(onStart?: () => void) {
  const started: string[] = [];
  const signals: AbortSignal[] = [];
  const deps = executionDeps([
    waitingTool("write_it", "high_risk", started, signals, onStart),
    waitingTool("read_it", "read_only", started, signals),
  ]);
  return { deps, started, signals };
}

/** The abort listeners a host's signal holds, counted through its add/remove calls. */
function listenedSignal() {
  const { signal } = new AbortController();
  const live: { type: string; listener: unknown }[] = [];
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  Object.assign(signal, {
    addEventListener: (type: string, listener: EventListener, options?: AddEventListenerOptions) => {
      live.push({ type, listener });
      add(type, listener, options);
    },
    removeEventListener: (type: string, listener: EventListener) => {
      const at = live.findIndex((l) => l.type === type && l.listener === listener);
      if (at >= 0) live.splice(at, 1);
      remove(type, listener);
    },
  });
  return { signal, live };
}
const write = intentFor("write_it", "high_risk");
const read = intentFor("read_it", "read_only");

describe("executeIntent under a host's cancellation", () => {
  it("before dispatch: runs nothing and releases the key", async () => {
    const { deps, started } = setup();
    beginIntent(deps, write);
    const cancel = AbortSignal.abort();
    const outcome = await executeIntent(deps, write, false, cancel);
    expect(outcome).toEqual({ kind: "failed", message: "cancelled before dispatch; nothing ran" });
    expect(started).toEqual([]);
    expect(deps.ledger.get("key-write_it")).toBeUndefined();
  });

  it("after dispatch: aborts the tool's signal, and the write is uncertain in the ledger", async () => {
    const { deps, started } = setup();
    beginIntent(deps, write);
    const cancel = new AbortController();
    const running = executeIntent(deps, write, false, cancel.signal);
    await Promise.resolve();
    expect(started).toEqual(["write_it"]);
    cancel.abort();
    expect(await running).toEqual({
      kind: "uncertain",
      reason: "cancelled",
      message: "cancelled after dispatch; the side effect may have happened",
    });
    expect(deps.ledger.get("key-write_it")?.state).toBe("uncertain");
  });

  it("after dispatch: aborts the signal the tool was given", async () => {
    const { deps, signals } = setup();
    const cancel = new AbortController();
    const running = executeIntent(deps, read, false, cancel.signal);
    await Promise.resolve();
    cancel.abort();
    await running;
    expect(signals.map((s) => s.aborted)).toEqual([true]);
  });

  it("honours a cancellation that arrives while the tool is starting", async () => {
    const cancel = new AbortController();
    const { deps } = setup(() => cancel.abort());
    beginIntent(deps, write);
    expect(await executeIntent(deps, write, false, cancel.signal)).toMatchObject({
      kind: "uncertain",
      reason: "cancelled",
    });
  });

  it("leaves no listener on the host's signal once the call has ended", async () => {
    const { deps } = setup();
    const { signal, live } = listenedSignal();
    // The manual clock lets the tool's 60 s timeout pass at once: the read ends as transient.
    expect(await executeIntent(deps, read, false, signal)).toMatchObject({ kind: "transient" });
    expect(live).toEqual([]);
  });

  it("after dispatch of a read: fails without any ledger entry", async () => {
    const { deps } = setup();
    const cancel = new AbortController();
    const running = executeIntent(deps, read, false, cancel.signal);
    await Promise.resolve();
    cancel.abort();
    expect(await running).toEqual({ kind: "failed", message: "cancelled while running" });
  });
});
