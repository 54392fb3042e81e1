import { describe, expect, it } from "vitest";
import { createMachine } from "./machine.js";
import { DEFAULT_SETTINGS } from "./settings.js";
import { viewOf } from "./view.js";

describe("the page's view", () => {
  it("speaks Chinese in zh-CN, codes kept as they are", async () => {
    const machine = createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 0 });
    expect(viewOf(machine, "zh-CN")).toMatchObject({
      phaseLabel: "空闲",
      counter: "第 0 / 8 步 · 重试 0/3",
      next: "派发 run/started，带上用户的目标",
      announcement: "空闲。第 0 步，共 8 步；重试 0/3。",
    });
    await machine.advance();
    await machine.advance();
    expect(viewOf(machine, "zh-CN")).toMatchObject({
      phaseLabel: "选择工具",
      keySourceLabel: "（当前调用）",
      next: "在幂等键账本中记录 read_table 的意图（ledger/begin → ledger/answered）",
    });
    await machine.run();
    expect(viewOf(machine, "zh-CN").announcement).toBe(
      "等待人工批准。第 4 步，共 8 步；重试 0/3。 publish_report 等待人工批准：请批准或拒绝。",
    );
  });

  it("says how a failed run ended in each language, the contract's message quoted as written", async () => {
    const machine = createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 100 });
    await machine.run();
    const en = viewOf(machine, "en");
    const zh = viewOf(machine, "zh-CN");
    expect([en.outcome, zh.outcome]).toEqual(["retries_exhausted:", "失败，retries_exhausted："]);
    expect(zh.outcomeQuote).toBe(en.outcomeQuote);
    expect(zh.next).toBe("本次运行已结束：点击重置重新开始");
    expect(en.next).toBe("the run has ended: reset to start again");
  });

  it("starts idle at step 0 / 8, retry 0/3, with no checkpoint or key yet", () => {
    const view = viewOf(createMachine(DEFAULT_SETTINGS), "en");
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
    expect(viewOf(machine, "en").checkpointHash).toBe(machine.state()?.checkpoint_hash);
    expect(viewOf(machine, "en").checkpointHash).toMatch(/^[0-9a-f]{64}$/);
    await machine.advance();
    const selected = viewOf(machine, "en");
    const state = machine.state();
    if (state?.status !== "authorized") throw new Error(`expected authorized, got ${state?.status}`);
    expect(selected).toMatchObject({
      phase: "select_tool",
      idempotencyKey: state.call.idempotency_key,
      keySource: "current",
      step: 1,
    });
    expect(selected.next).toMatch(/ledger/);
    await machine.advance();
    expect(viewOf(machine, "en").next).toMatch(/run read_table, attempt 1/);
    await machine.advance();
    expect(viewOf(machine, "en")).toMatchObject({
      phase: "observe",
      idempotencyKey: state.call.idempotency_key,
      keySource: "last",
    });
  });

  it("shows the pending call while waiting and disables Step", async () => {
    const machine = createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 0 });
    await machine.run();
    const view = viewOf(machine, "en");
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
    const view = viewOf(machine, "en");
    expect(view).toMatchObject({ phase: "error", status: "failed", retries: 3, canStep: false });
    expect(view.outcome).toBe("retries_exhausted:");
    expect(view.outcomeQuote).toMatch(/after 3 retries/);
    expect(view.announcement).toMatch(/^Error\. Step 1 of 8, retry 3 of 3\. retries_exhausted/);
  });

  it("shows the uncertain call for the operator in reconcile_required and disables Step", async () => {
    const machine = createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 0, fault: "timeout_after_dispatch" });
    await machine.run();
    await machine.approve();
    await machine.run();
    const view = viewOf(machine, "en");
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
