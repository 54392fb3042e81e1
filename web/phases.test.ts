import { describe, expect, it } from "vitest";
import { approvePending } from "../contract/index.js";
import { createHandwrittenEngine } from "../handwritten/engine/index.js";
import { toolCall } from "../handwritten/fixtures/index.js";
import { createEnvironment } from "../handwritten/fixtures/environment.js";
import { createMachine, MAX_TRANSITIONS, type Machine } from "./machine.js";
import { LOOP_FAULTS, LOOP_TURNS } from "./settings.js";
import {
  END_PHASES,
  LOOP_PHASES,
  PHASES,
  PHASE_OF_FACT,
  STATUSES_OF_PHASE,
  WAIT_PHASES,
  pathOf,
  phaseOfTrace,
  phaseOfTraceType,
  retriesOfTrace,
  type Phase,
} from "./phases.js";
import type { Locale } from "./i18n/index.js";
import { loopText, phaseLabel } from "./view.js";

const events = (...types: string[]) => types.map((type) => ({ type }));

/** Every (phase, status) pair a run passes through, with the retry counter checked at each step. */
async function observe(machine: Machine, seen: Map<Phase, Set<string>>): Promise<void> {
  for (let i = 0; i < MAX_TRANSITIONS; i += 1) {
    const state = machine.state();
    const phase = machine.phase();
    const statuses = seen.get(phase) ?? new Set<string>();
    statuses.add(state?.status ?? "none");
    seen.set(phase, statuses);
    if (state?.status === "executing") expect(retriesOfTrace(machine.trace())).toBe(state.intent.attempt);
    // The retry counter follows a single call; a multi-call turn shows each call's own phase instead.
    const batched = machine.trace().some((e) => e.type.startsWith("batch_"));
    if (state?.status === "failed" && state.failure.code === "retries_exhausted" && !batched)
      expect(retriesOfTrace(machine.trace())).toBe(3);
    const next = machine.next();
    if (next.kind === "await_approval") await (i % 2 === 0 ? machine.approve() : machine.reject());
    else if (next.kind === "await_reconcile") expect((await machine.reconcile("ops-on-call")).ok).toBe(true);
    else if ((await machine.advance()) === null) return;
  }
  throw new Error("run did not settle");
}

describe("loop states mapped onto the reducer", () => {
  it("names and labels ten states: five of the loop, three ends, two waits", () => {
    expect([...LOOP_PHASES, ...END_PHASES, ...WAIT_PHASES].sort()).toEqual([...PHASES].sort());
    const labels = (locale: Locale) => LOOP_PHASES.map((p) => phaseLabel(loopText(locale), p));
    expect(labels("en")).toEqual(["Idle", "Think", "Select tool", "Execute", "Observe"]);
    expect(labels("zh-CN")).toEqual(["空闲", "思考", "选择工具", "执行", "观察"]);
  });

  it("maps every trace fact type to exactly one state and refuses unknown types", () => {
    expect(Object.keys(PHASE_OF_FACT)).toHaveLength(27);
    for (const [type, phase] of Object.entries(PHASE_OF_FACT)) expect(phaseOfTraceType(type)).toBe(phase);
    for (const bad of ["nope", "constructor", "__proto__", "toString"])
      expect(() => phaseOfTraceType(bad)).toThrow(/no loop state/);
  });

  it("shows idle before the run and the state the last trace event entered afterwards", () => {
    expect(phaseOfTrace([])).toBe("idle");
    expect(phaseOfTrace(events("run_started"))).toBe("think");
    expect(phaseOfTrace(events("run_started", "planner_responded", "call_validated", "policy_allowed"))).toBe(
      "select_tool",
    );
    expect(phaseOfTrace(events("intent_recorded", "tool_succeeded"))).toBe("observe");
    expect(phaseOfTrace(events("retry_scheduled", "retries_exhausted"))).toBe("error");
  });

  it("records the path of one transition without repeats", () => {
    expect(pathOf("observe", events("planner_responded", "call_validated", "policy_allowed"))).toEqual([
      "observe",
      "think",
      "select_tool",
    ]);
    expect(pathOf("execute", events("retry_scheduled"))).toEqual(["execute"]);
    expect(pathOf("idle", [])).toEqual(["idle"]);
  });

  it("counts retries of the current call and resets at the next call or planner turn", () => {
    expect(retriesOfTrace(events("intent_recorded", "retry_scheduled", "retry_scheduled"))).toBe(2);
    expect(retriesOfTrace(events("intent_recorded", "retry_scheduled", "tool_succeeded"))).toBe(1);
    expect(retriesOfTrace(events("intent_recorded", "retry_scheduled", "tool_succeeded", "planner_responded"))).toBe(0);
    expect(
      retriesOfTrace(
        events("intent_recorded", "retry_scheduled", "retry_scheduled", "retry_scheduled", "retries_exhausted"),
      ),
    ).toBe(3);
  });

  it("agrees with the reducer's real statuses over many seeded runs, and reaches every state", async () => {
    const seen = new Map<Phase, Set<string>>();
    for (const failureRatePercent of [0, 20, 50, 80, 100]) {
      for (const maxSteps of [3, 8]) {
        for (let seed = 1; seed <= 12; seed += 1)
          for (const fault of LOOP_FAULTS)
            for (const turns of LOOP_TURNS)
              await observe(createMachine({ maxSteps, failureRatePercent, seed, fault, turns }), seen);
      }
    }
    for (const [phase, statuses] of seen) {
      const allowed = phase === "idle" ? ["none"] : STATUSES_OF_PHASE[phase];
      for (const status of statuses) expect(allowed, `${phase} shown in status ${status}`).toContain(status);
    }
    // reconcile_required comes only from the timeout-after-dispatch option: transient faults are never uncertain.
    expect([...seen.keys()].sort()).toEqual([...PHASES].sort());
  });

  it("maps an uncertain outcome (a timeout after the side effect) to reconcile_required, and its confirmation to observe", async () => {
    const env = createEnvironment({
      script: [toolCall("publish_report", { artifact: "art_x", audience: "team" })],
      faults: [{ tool: "publish_report", kind: "timeout_after_effect", times: 1 }],
    });
    const engine = createHandwrittenEngine(env);
    const started = await engine.start("s", "publish");
    if (!started.ok || started.value.status !== "approval_required") throw new Error("expected a pending approval");
    const token = approvePending(started.value.pending_approval, "s", env.secret, env.clock.now());
    const waiting = await engine.submitApproval("s", { kind: "token", token });
    expect(waiting.ok && waiting.value.status).toBe("reconcile_required");
    expect(phaseOfTrace(env.trace.list("s"))).toBe("reconcile_required");
    await engine.reconcileUncertain("s", { outcome: "confirmed", operator: "alice" });
    const types = env.trace.list("s").map((e) => e.type);
    expect(types).toContain("tool_reconciled");
    expect(pathOf("reconcile_required", events(...types.slice(types.indexOf("tool_reconciled"))))).toContain("observe");
  });
});
