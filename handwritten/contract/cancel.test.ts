/** A host's cancellation reaches `executeIntent`: before dispatch nothing runs; after it, a write is uncertain. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMemoryArtifactStore } from "./artifacts.js";
import { digest } from "./canonical.js";
import { createManualClock } from "./clock.js";
import { executeIntent } from "./execution.js";
import { createMemoryLedger } from "./ledger.js";
import { createRegistry } from "./registry.js";
import type { Intent } from "./state.js";
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
  const deps = {
    registry: createRegistry([
      waitingTool("write_it", "high_risk", started),
      waitingTool("read_it", "read_only", started),
    ]),
    ledger: createMemoryLedger(),
    artifacts: createMemoryArtifactStore(),
    clock: createManualClock(),
  };
  return { deps, started };
}

const intent = (tool: string, risk: RiskClass): Intent => ({
  key: `key-${tool}`,
  tool,
  risk,
  args: {},
  args_digest: digest({}),
  step: 1,
  attempt: 0,
  retry_at: null,
});

describe("executeIntent under a host's cancellation", () => {
  it("before dispatch: runs nothing and releases the key", async () => {
    const { deps, started } = setup();
    deps.ledger.begin({ key: "key-write_it", tool: "write_it", args_digest: digest({}), owner: "s#1", at: 0 });
    const cancel = AbortSignal.abort();
    const outcome = await executeIntent(deps, intent("write_it", "high_risk"), false, cancel);
    expect(outcome).toEqual({ kind: "failed", message: "cancelled before dispatch; nothing ran" });
    expect(started).toEqual([]);
    expect(deps.ledger.get("key-write_it")).toBeUndefined();
  });

  it("after dispatch: aborts the tool's signal, and the write is uncertain in the ledger", async () => {
    const { deps, started } = setup();
    deps.ledger.begin({ key: "key-write_it", tool: "write_it", args_digest: digest({}), owner: "s#1", at: 0 });
    const cancel = new AbortController();
    const running = executeIntent(deps, intent("write_it", "high_risk"), false, cancel.signal);
    await Promise.resolve();
    expect(started).toEqual(["write_it"]);
    cancel.abort();
    expect(await running).toMatchObject({ kind: "uncertain", reason: "cancelled" });
    expect(deps.ledger.get("key-write_it")?.state).toBe("uncertain");
  });

  it("after dispatch of a read: fails without any ledger entry", async () => {
    const { deps } = setup();
    const cancel = new AbortController();
    const running = executeIntent(deps, intent("read_it", "read_only"), false, cancel.signal);
    await Promise.resolve();
    cancel.abort();
    expect(await running).toEqual({ kind: "failed", message: "cancelled while running" });
  });
});
