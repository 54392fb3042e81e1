import { describe, expect, it } from "vitest";
import { createFixtureRegistry, createFixtureWorld } from "../handwritten/fixtures/index.js";
import { createMemoryArtifactStore } from "./artifacts.js";
import { createManualClock } from "./clock.js";
import { digest } from "./canonical.js";
import { confirmInLedger, executeIntent } from "./execution.js";
import { createMemoryLedger } from "./ledger.js";
import type { Intent } from "./state.js";
import { beginIntent } from "./test-helpers.js";

const intent: Intent = {
  key: "k1",
  tool: "publish_report",
  risk: "high_risk",
  args: {},
  args_digest: "d",
  step: 1,
  attempt: 0,
  retry_at: null,
};

function deps(world = createFixtureWorld()) {
  return {
    registry: createFixtureRegistry(world),
    ledger: createMemoryLedger(),
    artifacts: createMemoryArtifactStore(),
    clock: createManualClock(),
  };
}

describe("confirmInLedger", () => {
  it("turns an uncertain key into a completed one carrying the operator's confirmation", () => {
    const d = deps();
    d.ledger.begin({ key: "k1", tool: "publish_report", args_digest: "d", owner: "s#1", at: 0 });
    d.ledger.markUncertain("k1", 1);
    confirmInLedger(d, intent, { outcome: "confirmed", operator: "alice" });
    const entry = d.ledger.get("k1");
    expect(entry?.state).toBe("completed");
    expect(entry?.state === "completed" ? entry.output : null).toEqual({ reconciled: "confirmed", operator: "alice" });
  });

  it("keeps the result a completed key already stores when a second operator confirms", () => {
    const d = deps();
    d.ledger.begin({ key: "k1", tool: "publish_report", args_digest: "d", owner: "s#1", at: 0 });
    d.ledger.complete("k1", { report_id: "rep_1" }, 1);
    confirmInLedger(d, intent, { outcome: "confirmed", operator: "bob" });
    const entry = d.ledger.get("k1");
    expect(entry?.state === "completed" ? entry.output : null).toEqual({ report_id: "rep_1" });
  });
});

describe("executeIntent re-checks the arguments just before dispatch", () => {
  const approved = { artifact: "art_weekly", audience: "team" };
  const publish = (args: Record<string, unknown>): Intent => ({ ...intent, args, args_digest: digest(approved) });

  it("runs the approved arguments", async () => {
    const world = createFixtureWorld();
    const d = deps(world);
    beginIntent(d, publish(approved));
    const outcome = await executeIntent(d, publish(approved), false);
    expect(outcome.kind).toBe("succeeded");
    expect(world.totalCalls("publish_report")).toBe(1);
  });

  it("answers uncertain (ledger_missing), calling nothing, for an intent whose ledger entry is gone", async () => {
    const world = createFixtureWorld();
    const outcome = await executeIntent(deps(world), publish(approved), false);
    expect(outcome).toMatchObject({ kind: "uncertain", reason: "ledger_missing" });
    expect(world.totalCalls()).toBe(0);
  });

  it("refuses arguments that differ from the approved args_digest (team → public in stored state) without calling the tool", async () => {
    const world = createFixtureWorld();
    const d = deps(world);
    const outcome = await executeIntent(d, publish({ ...approved, audience: "public" }), false);
    expect(outcome).toMatchObject({ kind: "failed", message: expect.stringContaining("args_digest") });
    expect(world.totalCalls()).toBe(0);
    expect(d.ledger.get("k1")).toBeUndefined();
  });
});
