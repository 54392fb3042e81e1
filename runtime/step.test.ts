import { describe, it, expect } from "vitest";
import { createIdSource, DEFAULT_INPUT_LIMITS, DEFAULT_LIMITS, type AgentState } from "../contract/index.js";
import { createFixtureRegistry, createFixtureWorld, finalAnswer, toolCall } from "../handwritten/fixtures/index.js";
import type { EngineEvent } from "./events.js";
import { step, type StepConfig, type StepResult } from "./step.js";

function setup() {
  const world = createFixtureWorld();
  const config: StepConfig = {
    registry: createFixtureRegistry(world),
    ids: createIdSource("seed-test"),
    limits: DEFAULT_LIMITS,
    inputLimits: DEFAULT_INPUT_LIMITS,
  };
  return { world, config };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

function stateOf(result: StepResult): AgentState {
  if (result.state === null) throw new Error("expected a state");
  return result.state;
}

const START: EngineEvent = { type: "run/started", at: 1_000, session_id: "s1", goal: "write the weekly report" };
const SAVE = toolCall("save_artifact", { name: "q3", content: "body" }, "key-1");

/** Walks a save_artifact call through the reducer by hand, returning each (state, event) pair it saw. */
function walk(config: StepConfig): { pairs: [AgentState | null, EngineEvent][]; last: StepResult } {
  const pairs: [AgentState | null, EngineEvent][] = [];
  let state: AgentState | null = null;
  let last: StepResult | null = null;
  const events: EngineEvent[] = [
    START,
    { type: "planner/responded", at: 1_001, raw: SAVE },
    { type: "ledger/answered", at: 1_002, decision: { kind: "execute" }, replay_content: null },
    { type: "tool/settled", at: 1_003, outcome: { kind: "succeeded", content: { saved: true }, recovered: false } },
    { type: "planner/responded", at: 1_004, raw: finalAnswer("done") },
  ];
  for (const event of events) {
    pairs.push([state, event]);
    last = step(config, state, event);
    state = last.state;
  }
  if (last === null) throw new Error("no steps");
  return { pairs, last };
}

describe("step (the pure reducer)", () => {
  it("starts a run in ready and asks for the planner as data", () => {
    const { config } = setup();
    const result = step(config, null, START);
    expect(stateOf(result).status).toBe("ready");
    expect(stateOf(result).messages).toEqual([{ role: "user", content: "write the weekly report" }]);
    expect(result.effects).toEqual([{ type: "planner/request" }]);
    expect(result.trace.map((e) => e.type)).toEqual(["run_started"]);
    expect(result.ignored).toBeNull();
  });

  it("gives deep-equal results for the same state and event, at every step of a run", () => {
    const { config } = setup();
    const { pairs } = walk(config);
    expect(pairs).toHaveLength(5);
    for (const [state, event] of pairs) {
      expect(step(config, state, event)).toEqual(step(config, state, event));
    }
  });

  it("does not mutate the state or event it is given (they can be deeply frozen)", () => {
    const { config } = setup();
    for (const [state, event] of walk(config).pairs) {
      const before = JSON.stringify([state, event]);
      expect(() => step(config, deepFreeze(state), deepFreeze(event))).not.toThrow();
      expect(JSON.stringify([state, event])).toBe(before);
    }
  });

  it("never calls a tool: effects are data and the fixture world sees no call", () => {
    const { config, world } = setup();
    const started = stateOf(step(config, null, START));
    const planned = step(config, started, { type: "planner/responded", at: 1_001, raw: SAVE });
    const authorized = stateOf(planned);
    expect(authorized.status).toBe("authorized");
    expect(planned.effects).toHaveLength(1);
    expect(planned.effects[0]).toMatchObject({
      type: "ledger/begin",
      step: 1,
      call: { tool: "save_artifact", idempotency_key: "key-1" },
    });
    const executing = step(config, authorized, {
      type: "ledger/answered",
      at: 1_002,
      decision: { kind: "execute" },
      replay_content: null,
    });
    expect(stateOf(executing).status).toBe("executing");
    expect(executing.effects).toEqual([
      {
        type: "tool/execute",
        last_attempt: false,
        intent: expect.objectContaining({ key: "key-1", tool: "save_artifact", attempt: 0, step: 1 }),
      },
    ]);
    expect(world.totalCalls()).toBe(0);
  });

  it("applies validation and policy in the same step, stopping a high_risk call in approval_required with no effect", () => {
    const { config } = setup();
    const started = stateOf(step(config, null, START));
    const result = step(config, started, {
      type: "planner/responded",
      at: 1_001,
      raw: toolCall("publish_report", { artifact: "art_q3", audience: "team" }),
    });
    expect(stateOf(result).status).toBe("approval_required");
    expect(result.effects).toEqual([]);
    expect(result.trace.map((e) => e.type)).toEqual(["planner_responded", "call_validated", "approval_requested"]);
  });

  it("ends the walk in done after a final answer", () => {
    const { config } = setup();
    const { last } = walk(config);
    expect(stateOf(last).status).toBe("done");
    expect(last.effects).toEqual([]);
  });

  describe("events that do not fit the state", () => {
    const cases: [string, (s: AgentState) => EngineEvent][] = [
      ["tool/settled while ready", () => ({ type: "tool/settled", at: 2, outcome: { kind: "failed", message: "x" } })],
      [
        "ledger/answered while ready",
        () => ({ type: "ledger/answered", at: 2, decision: { kind: "execute" }, replay_content: null }),
      ],
      [
        "approval/decided while ready",
        () => ({ type: "approval/decided", at: 2, decision: { type: "approval_declined" } }),
      ],
      [
        "reconcile/confirmed while ready",
        () => ({ type: "reconcile/confirmed", at: 2, input: { outcome: "confirmed", operator: "alice" } }),
      ],
      ["a second run/started", (s) => ({ type: "run/started", at: 2, session_id: s.session_id, goal: "again" })],
    ];
    it.each(cases)("returns ignored with a reason and no effects for %s", (_name, makeEvent) => {
      const { config } = setup();
      const ready = stateOf(step(config, null, START));
      const result = step(config, ready, makeEvent(ready));
      expect(result.ignored).toEqual(expect.any(String));
      expect(result.ignored?.length).toBeGreaterThan(0);
      expect(result.effects).toEqual([]);
      expect(result.trace).toEqual([]);
      expect(result.state).toBe(ready);
    });

    it("returns ignored for any event before run/started", () => {
      const { config } = setup();
      const result = step(config, null, { type: "planner/responded", at: 1, raw: finalAnswer("x") });
      expect(result).toEqual({ state: null, effects: [], trace: [], facts: [], ignored: expect.any(String) });
    });

    it("returns ignored for a planner answer while a call waits for approval", () => {
      const { config } = setup();
      const started = stateOf(step(config, null, START));
      const waiting = stateOf(
        step(config, started, {
          type: "planner/responded",
          at: 2,
          raw: toolCall("publish_report", { artifact: "art_q3", audience: "team" }),
        }),
      );
      const result = step(config, waiting, { type: "planner/responded", at: 3, raw: finalAnswer("skip approval") });
      expect(result.ignored).not.toBeNull();
      expect(result.state).toBe(waiting);
      expect(result.effects).toEqual([]);
    });
  });

  it("resuming a waiting run asks for nothing", () => {
    const { config } = setup();
    const started = stateOf(step(config, null, START));
    const waiting = stateOf(
      step(config, started, {
        type: "planner/responded",
        at: 2,
        raw: toolCall("publish_report", { artifact: "art_q3", audience: "team" }),
      }),
    );
    const resumed = step(config, waiting, { type: "run/resumed", at: 3 });
    expect(resumed.state).toBe(waiting);
    expect(resumed.effects).toEqual([]);
    expect(resumed.trace).toEqual([]);
  });
});
