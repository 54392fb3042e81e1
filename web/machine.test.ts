import { describe, expect, it } from "vitest";
import { createMachine, MAX_TRANSITIONS, type Machine } from "./machine.js";
import { DEFAULT_SETTINGS, LOOP_FAULTS, LOOP_TURNS, SCRIPT, type Settings } from "./settings.js";
import { REFERENCE_OPERATOR, referenceRun } from "./testing/reference.js";
import { viewOf, type View } from "./view.js";

/** Drives the page's machine the way the page does, approving (or rejecting) every high-risk call. */
async function drive(machine: Machine, decision: "approve" | "reject" = "approve"): Promise<Machine> {
  for (let i = 0; i < MAX_TRANSITIONS; i += 1) {
    const next = machine.next();
    if (next.kind === "await_approval") await (decision === "approve" ? machine.approve() : machine.reject());
    else if ((await machine.advance()) === null) return machine;
  }
  throw new Error("machine did not settle");
}

/** Which trace facts each dispatched event may open with: one click is one reducer event. */
const FIRST_FACT: Record<string, readonly string[]> = {
  "run/started": ["run_started"],
  "planner/responded": ["planner_responded"],
  "ledger/answered": ["intent_recorded", "call_replayed", "call_conflicted", "tool_uncertain"],
  "tool/settled": ["tool_succeeded", "tool_errored", "retry_scheduled", "retries_exhausted", "tool_uncertain"],
  "approval/submitted": ["approval_accepted", "approval_declined", "approval_refused"],
};

describe("the page's machine", () => {
  it("gives the same trace, checkpoint hashes and end state as the handwritten runner, for a grid of settings", async () => {
    const grid: Settings[] = [];
    for (const failureRatePercent of [0, 20, 50, 80, 100]) {
      for (const maxSteps of [2, 4, 8]) {
        for (const seed of [1, 2, 3, 13, 4_000_000_000])
          for (const fault of LOOP_FAULTS)
            for (const turns of LOOP_TURNS) grid.push({ maxSteps, failureRatePercent, seed, fault, turns });
      }
    }
    for (const settings of grid) {
      const machine = await drive(createMachine(settings));
      const expected = await referenceRun(settings);
      expect(machine.trace(), JSON.stringify(settings)).toEqual(expected.trace);
      expect(machine.state(), JSON.stringify(settings)).toEqual(expected.final);
      expect(machine.schedule.draws.map((d) => d.fault)).toEqual(expected.faults);
      expect(machine.env.checkpoints.list("web-demo").map((c) => c.checkpoint_hash)).toContain(
        expected.final.checkpoint_hash,
      );
    }
  });

  it("dispatches exactly one reducer event per transition and never ignores one", async () => {
    const machine = await drive(createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 50, seed: 3 }));
    const transitions = machine.transitions();
    expect(transitions.length).toBeGreaterThan(8);
    for (const t of transitions) {
      expect(t.ignored).toBeNull();
      expect(FIRST_FACT[t.event], t.event).toContain(t.trace[0]?.type);
    }
    expect(transitions.flatMap((t) => t.trace)).toEqual(machine.trace());
    expect(transitions.map((t) => t.n)).toEqual(transitions.map((_, i) => i + 1));
  });

  it("walks Idle → Think → Select tool → Execute → Observe with no faults, one state per click", async () => {
    const machine = createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 0 });
    const phases = [machine.phase()];
    for (let i = 0; i < 4; i += 1) {
      await machine.advance();
      phases.push(machine.phase());
    }
    expect(phases).toEqual(["idle", "think", "select_tool", "execute", "observe"]);
    expect(machine.transitions().map((t) => t.event)).toEqual([
      "run/started",
      "planner/responded",
      "ledger/answered",
      "tool/settled",
    ]);
    // The next click thinks again and selects the next tool.
    expect((await machine.advance())?.path).toEqual(["observe", "think", "select_tool"]);
  });

  it("at 100% failure reaches the retry cap and ends in failed, without spinning", async () => {
    const machine = createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 100 });
    const transitions = await machine.run();
    expect(machine.state()?.status).toBe("failed");
    expect(machine.phase()).toBe("error");
    expect(machine.trace().map((e) => e.type)).toEqual([
      "run_started",
      "planner_responded",
      "call_validated",
      "policy_allowed",
      "intent_recorded",
      "retry_scheduled",
      "retry_scheduled",
      "retry_scheduled",
      "retries_exhausted",
    ]);
    // run/started, planner, ledger, then four attempts: the first and three retries.
    expect(transitions).toHaveLength(7);
    expect(machine.env.world.totalCalls("read_table")).toBe(4);
    expect(await machine.advance()).toBeNull();
    expect(machine.next().kind).toBe("finished");
  });

  it("stops at max_steps in step_limit", async () => {
    const machine = await drive(
      createMachine({ maxSteps: 2, failureRatePercent: 0, seed: 1, fault: "none", turns: "single" }),
    );
    expect(machine.state()?.status).toBe("step_limit");
    expect(machine.phase()).toBe("step_limit");
    expect(machine.state()?.step).toBe(2);
  });

  it("waits for a person at the high-risk call: no side effect before approval, one after", async () => {
    const machine = createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 0 });
    await machine.run();
    expect(machine.phase()).toBe("approval_required");
    expect(machine.next().kind).toBe("await_approval");
    expect(await machine.advance()).toBeNull();
    expect(machine.env.world.totalEffects("publish_report")).toBe(0);
    const approved = await machine.approve();
    expect(approved.trace.map((e) => e.type)).toEqual(["approval_accepted"]);
    await machine.run();
    expect(machine.state()?.status).toBe("done");
    expect(machine.env.world.totalEffects("publish_report")).toBe(1);
    await expect(machine.approve()).rejects.toThrow(/no call is waiting/);
  });

  it("a rejected call is declined, observed as data, and the run goes on", async () => {
    const machine = await drive(createMachine({ ...DEFAULT_SETTINGS, failureRatePercent: 0 }), "reject");
    expect(machine.trace().map((e) => e.type)).toContain("approval_declined");
    expect(machine.state()?.status).toBe("done");
    expect(machine.env.world.totalCalls("publish_report")).toBe(0);
    const expected = await referenceRun({ ...DEFAULT_SETTINGS, failureRatePercent: 0 }, () => "reject");
    expect(machine.trace()).toEqual(expected.trace);
  });

  it("refuses a second transition while one runs", async () => {
    const machine = createMachine(DEFAULT_SETTINGS);
    const first = machine.advance();
    await expect(machine.advance()).rejects.toThrow(/already running/);
    await first;
  });

  it("plays a script of five planner turns within the default max_steps", () => {
    expect(SCRIPT).toHaveLength(5);
    expect(DEFAULT_SETTINGS).toEqual({ maxSteps: 8, failureRatePercent: 20, seed: 13, fault: "none", turns: "single" });
  });

  it("with a timeout after dispatch stops in reconcile_required; only a named operator's confirm continues, without running the tool again", async () => {
    const settings = { ...DEFAULT_SETTINGS, failureRatePercent: 0, fault: "timeout_after_dispatch" } as const;
    const machine = await drive(createMachine(settings));
    expect(machine.state()?.status).toBe("reconcile_required");
    expect(machine.phase()).toBe("reconcile_required");
    expect(machine.next()).toEqual({ kind: "await_reconcile" });
    // The publish landed before the timeout: one executor call, one side effect, nobody told.
    expect(machine.env.world.totalCalls("publish_report")).toBe(1);
    expect(machine.env.world.totalEffects("publish_report")).toBe(1);
    expect(machine.trace().at(-1)?.type).toBe("tool_uncertain");

    const before = machine.trace().length;
    const unnamed = await machine.reconcile("  ");
    expect(unnamed).toEqual({ ok: false, error: "a reconcile needs a named operator" });
    expect(machine.trace()).toHaveLength(before);
    expect(machine.state()?.status).toBe("reconcile_required");
    await expect(machine.advance()).resolves.toBeNull();

    const confirmed = await machine.reconcile(REFERENCE_OPERATOR);
    expect(confirmed.ok && confirmed.value.trace.map((e) => e.type)).toEqual(["tool_reconciled"]);
    await drive(machine);
    expect(machine.state()?.status).toBe("done");
    expect(machine.env.world.totalCalls("publish_report")).toBe(1);
    const expected = await referenceRun(settings, () => "approve", true);
    expect(machine.trace()).toEqual(expected.trace);
    await expect(machine.reconcile(REFERENCE_OPERATOR)).resolves.toMatchObject({ ok: false });
  });

  it("runs a turn with several calls as one Execute transition that settles them together", async () => {
    const settings = { ...DEFAULT_SETTINGS, failureRatePercent: 0, turns: "parallel" } as const;
    const machine = createMachine(settings);
    let executing: View["batch"] = null;
    while (machine.next().kind === "start" || machine.next().kind === "effect") {
      const next = machine.next();
      if (next.kind === "effect" && next.effect.type === "batch/execute") executing = viewOf(machine, "en").batch;
      const transition = await machine.advance();
      if (transition?.effect === "batch/execute") break;
    }
    expect(executing?.map((c) => [c.call_id, c.tool, c.phase])).toEqual([
      ["read", "read_table", "executing"],
      ["fit", "run_regression", "executing"],
      ["save", "save_artifact", "executing"],
    ]);
    const batchStep = machine.transitions().filter((t) => t.effect === "batch/execute");
    expect(batchStep).toHaveLength(1);
    expect(batchStep[0]?.trace.map((e) => e.type)).toEqual(["batch_calls_settled"]);
    expect(batchStep[0]?.path).toEqual(["execute", "observe"]);
    expect(machine.env.world.totalCalls()).toBe(3);
    await drive(machine);
    expect(machine.state()?.status).toBe("done");
    expect(machine.trace()).toEqual((await referenceRun(settings)).trace);
  });
});
