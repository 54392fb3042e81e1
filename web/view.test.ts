import { describe, expect, it } from "vitest";
import { createMachine } from "./machine.js";
import { DEFAULT_SETTINGS } from "./settings.js";
import { viewOf } from "./view.js";

describe("the page's view", () => {
  it("starts idle at step 0 / 8, retry 0/3, with no checkpoint or key yet", () => {
    const view = viewOf(createMachine(DEFAULT_SETTINGS));
    expect(view).toMatchObject({
      phase: "idle",
      phaseLabel: "Idle",
      status: "none",
      step: 0,
      maxSteps: 8,
      retries: 0,
      maxRetries: 3,
      checkpointHash: null,
      idempotencyKey: null,
      keySource: null,
      canStep: true,
      pending: null,
      outcome: null,
    });
    expect(view.next).toMatch(/run\/started/);
    expect(view.announcement).toBe("Idle. Step 0 of 8, retry 0 of 3.");
  });

  it("shows the state's checkpoint hash and the current call's idempotency key", async () => {
    const machine = createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 0 });
    await machine.advance();
    expect(viewOf(machine).checkpointHash).toBe(machine.state()?.checkpoint_hash);
    expect(viewOf(machine).checkpointHash).toMatch(/^[0-9a-f]{64}$/);
    await machine.advance();
    const selected = viewOf(machine);
    const state = machine.state();
    if (state?.status !== "authorized") throw new Error(`expected authorized, got ${state?.status}`);
    expect(selected).toMatchObject({
      phase: "select_tool",
      idempotencyKey: state.call.idempotency_key,
      keySource: "current call",
      step: 1,
    });
    expect(selected.next).toMatch(/ledger/);
    await machine.advance();
    expect(viewOf(machine).next).toMatch(/run read_table, attempt 1/);
    await machine.advance();
    expect(viewOf(machine)).toMatchObject({
      phase: "observe",
      idempotencyKey: state.call.idempotency_key,
      keySource: "last call",
    });
  });

  it("shows the pending call while waiting and disables Step", async () => {
    const machine = createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 0 });
    await machine.run();
    const view = viewOf(machine);
    expect(view.canStep).toBe(false);
    expect(view.pending).toMatchObject({
      tool: "publish_report",
      args: '{"artifact":"art_signups_vs_spend","audience":"team"}',
    });
    expect(view.announcement).toMatch(/Approval required\..*publish_report waits for approval/);
  });

  it("ends in Error with retry 3/3 and says why", async () => {
    const machine = createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 100 });
    await machine.run();
    const view = viewOf(machine);
    expect(view).toMatchObject({ phase: "error", status: "failed", retries: 3, canStep: false });
    expect(view.outcome).toMatch(/^retries_exhausted: .*after 3 retries/);
    expect(view.announcement).toMatch(/^Error\. Step 1 of 8, retry 3 of 3\. retries_exhausted/);
  });

  it("shows the uncertain call for the operator in reconcile_required and disables Step", async () => {
    const machine = createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 0, fault: "timeout_after_dispatch" });
    await machine.run();
    await machine.approve();
    await machine.run();
    const view = viewOf(machine);
    const state = machine.state();
    if (state?.status !== "reconcile_required") throw new Error(`expected reconcile_required, got ${state?.status}`);
    expect(view).toMatchObject({ phase: "reconcile_required", canStep: false, pending: null });
    expect(view.reconcile).toEqual({
      tool: "publish_report",
      args: '{"artifact":"art_signups_vs_spend","audience":"team"}',
      idempotency_key: state.intent.key,
    });
    expect(view.next).toMatch(/operator to reconcile/);
    expect(view.announcement).toMatch(/^Reconcile required\..*publish_report is unknown: an operator must confirm it/);
  });
});
