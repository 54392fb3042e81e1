/** A host's cancellation reaches `executeIntent`: before dispatch nothing runs; after it, a write is uncertain. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { executeIntent } from "./execution.js";
import { beginIntent, executionDeps, intentFor } from "./test-helpers.js";
import { defineTool, type RiskClass } from "./tool.js";

/** A tool that starts (counts a dispatch) and then waits until its signal aborts. */
function waitingTool(name: string, risk: RiskClass, started: string[]) {
  return defineTool({
    name,
    description: "waits to be aborted",
    input: z.strictObject({}),
    risk,
    timeoutMs: 60_000,
    execute: (_args, ctx) =>
      new Promise((_, reject) => {
        started.push(name);
        ctx.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
      }),
  });
}

function setup() {
  const started: string[] = [];
  const deps = executionDeps([
    waitingTool("write_it", "high_risk", started),
    waitingTool("read_it", "read_only", started),
  ]);
  return { deps, started };
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
    expect(await running).toMatchObject({ kind: "uncertain", reason: "cancelled" });
    expect(deps.ledger.get("key-write_it")?.state).toBe("uncertain");
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
