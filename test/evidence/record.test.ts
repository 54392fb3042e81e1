/** The pure parts of the runtime record: metrics from measurements, the approval count, vitest's report. */
import { describe, expect, it } from "vitest";
import { unapprovedEffects, type CaseObservation } from "../../scenarios/evidence-cases.js";
import type { Measurements } from "../../scripts/evidence/measure.js";
import {
  buildMetrics,
  buildRecord,
  runInconsistencies,
  stableView,
  type RecordInputs,
} from "../../scripts/evidence/record.js";
import { meets } from "../../scripts/evidence/rules.js";
import { toolOffersDigest } from "../../contract/index.js";
import { createFixtureRegistry, createFixtureWorld } from "../../handwritten/fixtures/index.js";
import { ROUTE_SCHEMA, sealRoute, type Route } from "../../handwritten/route/index.js";
import { summariseVitest, TEST_COMMAND } from "../../scripts/evidence/run-suites.js";

const base: Measurements = {
  seed: "seed-13",
  engines: [
    { id: "handwritten", status: "measured", version: "local", reason: null },
    { id: "langgraph", status: "not-measured", version: null, reason: "@langchain/langgraph is not installed" },
  ],
  schema: [
    {
      name: "wrong_type",
      expected: "invalid_arguments",
      contract: { outcome: "invalid_arguments", correct: true },
      engines: {
        handwritten: {
          outcome: "invalid_arguments",
          executor_calls: 0,
          side_effects: 0,
          approval_requested: false,
          correct: true,
        },
      },
    },
    {
      name: "valid_write",
      expected: "accepted",
      contract: { outcome: "accepted", correct: true },
      engines: {
        handwritten: {
          outcome: "accepted",
          executor_calls: 1,
          side_effects: 1,
          approval_requested: false,
          correct: true,
        },
      },
    },
  ],
  approvals: [
    {
      name: "approved",
      engines: {
        handwritten: {
          final_status: "done",
          high_risk_effects: 1,
          approvals_accepted: 1,
          unapproved_effects: 0,
          refusals: [],
        },
      },
    },
  ],
  faults: [
    {
      name: "transient_once_write",
      recoverable: true,
      why: "rule 7",
      expected: { status: "done", side_effects: 1, executor_calls: 2 },
      engines: {
        handwritten: { final_status: "done", side_effects: 1, executor_calls: 2, reconciled: false, as_expected: true },
      },
    },
    {
      name: "crash_after_effect_write",
      recoverable: true,
      why: "rule 5",
      expected: { status: "done", side_effects: 1, executor_calls: 2 },
      engines: {
        handwritten: {
          final_status: "done",
          side_effects: 2,
          executor_calls: 2,
          reconciled: false,
          as_expected: false,
        },
      },
    },
  ],
  comparisons: [
    {
      framework: "local_state_graph",
      status: "measured",
      reason: null,
      framework_version: "local",
      all_equal: true,
      all_hold: true,
      graph: { nodes: 4, edges: 13, conditional_edges: 12 },
      columns: [],
    },
    {
      framework: "langgraph",
      status: "not-measured",
      reason: "@langchain/langgraph is not installed",
      framework_version: null,
      all_equal: null,
      all_hold: null,
      graph: "not-measured",
      columns: [],
    },
  ],
  route: null,
  routes: [],
};

const metric = (name: string) => {
  const found = buildMetrics(base).find((m) => m.name === name);
  if (found === undefined) throw new Error(`no metric ${name}`);
  return found;
};

const recordInputs: RecordInputs = {
  measurements: base,
  run: {
    commands: [{ command: TEST_COMMAND, kind: "process", purpose: "tests", exit_code: 0 }],
    tests: {
      command: TEST_COMMAND,
      files: 1,
      failed_files: 0,
      total: 2,
      passed: 2,
      failed: 0,
      skipped: 0,
      todo: 0,
      success: true,
    },
    known_failures: [],
  },
  licenses: [],
  artifacts: ["evidence/13-runtime-v1.json"],
  generated_at: "2026-01-01T00:00:00.000Z",
  commit: "abc",
  environment: { node: "v20.19.0", platform: "linux", arch: "x64", cpus: 2 },
  durations_ms: { tests: 1 },
};

describe("buildMetrics", () => {
  it("measures each metric from the measurements and says when one is missed", () => {
    expect(metric("schema_validity")).toMatchObject({ status: "measured", expected: 1, actual: 1, met: true });
    expect(metric("unapproved_side_effects")).toMatchObject({ expected: 0, actual: 0, rule: "at_most", met: true });
    expect(metric("recoverable_fault_recovery_rate")).toMatchObject({
      expected: 1,
      actual: 0.5,
      rule: "at_least",
      met: false,
    });
    expect(metric("recoverable_fault_recovery_rate").detail["misses"]).toEqual([
      "crash_after_effect_write@handwritten: done, 2 effects, 2 calls",
    ]);
  });

  it("says not-measured, with the reason, for a framework that could not load, and lists engines left out", () => {
    expect(metric("comparison_all_equal.langgraph")).toMatchObject({
      status: "not-measured",
      actual: null,
      met: null,
      reason: "@langchain/langgraph is not installed",
    });
    expect(metric("comparison_all_equal.local_state_graph")).toMatchObject({
      status: "measured",
      actual: true,
      met: true,
    });
    expect(metric("schema_validity").detail["not_measured"]).toEqual([
      { id: "langgraph", reason: "@langchain/langgraph is not installed" },
    ]);
  });

  it("counts a wrong rejection code or an executor call as an incorrect schema decision", () => {
    const schema = [
      {
        ...base.schema[0]!,
        engines: {
          handwritten: {
            outcome: "invalid_arguments",
            executor_calls: 1,
            side_effects: 1,
            approval_requested: false,
            correct: false,
          },
        },
      },
    ];
    expect(buildMetrics({ ...base, schema }).find((m) => m.name === "schema_validity")).toMatchObject({
      actual: 0.5,
      met: false,
    });
  });
});

describe("unapprovedEffects", () => {
  const observation = (over: Partial<CaseObservation>): CaseObservation => ({
    final_status: "done",
    side_effects: 0,
    executor_calls: 0,
    effects: {},
    calls: {},
    approvals: {},
    risks: { publish_report: "high_risk", save_artifact: "idempotent_write", run_shell: "always_deny" },
    trace_types: [],
    refusals: [],
    ...over,
  });

  it("counts high-risk effects beyond the approvals of their key, and every always_deny call", () => {
    expect(
      unapprovedEffects(
        observation({ effects: { publish_report: { k1: 1 } }, approvals: { publish_report: { k1: 1 } } }),
      ),
    ).toBe(0);
    expect(unapprovedEffects(observation({ effects: { publish_report: { k1: 1 } } }))).toBe(1);
    expect(
      unapprovedEffects(
        observation({ effects: { publish_report: { k1: 2 } }, approvals: { publish_report: { k1: 1 } } }),
      ),
    ).toBe(1);
    // An approval of one key does not cover another key.
    expect(
      unapprovedEffects(
        observation({ effects: { publish_report: { k2: 1 } }, approvals: { publish_report: { k1: 1 } } }),
      ),
    ).toBe(1);
    expect(unapprovedEffects(observation({ effects: { save_artifact: { k: 3 } } }))).toBe(0);
    expect(unapprovedEffects(observation({ calls: { run_shell: { k: 1 } } }))).toBe(1);
  });
});

describe("metric rules", () => {
  it("rates pass at or above expected, counts at or below, others only when equal", () => {
    expect([
      meets("at_least", 1, 1),
      meets("at_least", 1, 0.99),
      meets("at_most", 0, 0),
      meets("at_most", 0, 1),
      meets("equal", true, true),
      meets("equal", true, false),
    ]).toEqual([true, false, true, false, true, false]);
  });
});

describe("summariseVitest", () => {
  it("reduces the JSON report to counts and sanitised failure names", () => {
    const summary = summariseVitest(
      {
        numTotalTests: 3,
        numPassedTests: 1,
        numFailedTests: 1,
        numPendingTests: 1,
        numTodoTests: 0,
        success: false,
        testResults: [
          {
            name: "/repo/test/a.test.ts",
            status: "failed",
            assertionResults: [
              { fullName: "a works", status: "passed" },
              {
                fullName: "a fails",
                status: "failed",
                failureMessages: ["AssertionError: expected 1 to be 2\n    at /repo/test/a.test.ts:3:1"],
              },
              { fullName: "a skipped", status: "skipped" },
            ],
          },
          {
            name: "/repo/test/b.test.ts",
            status: "failed",
            message: "Failed to load /repo/test/b.test.ts",
            assertionResults: [],
          },
        ],
      },
      "/repo",
    );
    expect(summary.tests).toEqual({
      command: TEST_COMMAND,
      files: 2,
      failed_files: 2,
      total: 3,
      passed: 1,
      failed: 1,
      skipped: 1,
      todo: 0,
      success: false,
    });
    expect(summary.known_failures).toEqual([
      "test/a.test.ts > a fails: AssertionError: expected 1 to be 2",
      "test/b.test.ts: Failed to load ./test/b.test.ts",
    ]);
  });
});

describe("buildRecord", () => {
  const inputs = recordInputs;

  it("is pure: the volatile fields are the only difference between two runs", () => {
    const a = buildRecord(inputs);
    const b = buildRecord({
      ...inputs,
      generated_at: "2027-01-01T00:00:00.000Z",
      commit: "def",
      environment: { ...inputs.environment, node: "v22.0.0" },
      durations_ms: { tests: 9 },
    });
    expect(a).not.toEqual(b);
    expect(stableView(a)).toEqual(stableView(b));
    expect(runInconsistencies(a)).toEqual([]);
  });

  it("flags a run whose counts or failures do not add up", () => {
    const record = buildRecord({
      ...inputs,
      run: { ...inputs.run, tests: { ...inputs.run.tests, passed: 1, failed: 1, success: false } },
    });
    expect(runInconsistencies(record)).toEqual([
      "1 failed tests but 0 known failures",
      "a run with a failing command or test lists no known failure",
      "the test command exited 0 but success is false",
    ]);
  });
});

describe("the runtime record's planner gate", () => {
  const registry = createFixtureRegistry(createFixtureWorld());
  const routeFrom = (model: Route["model"]): Route =>
    sealRoute({
      schema: ROUTE_SCHEMA,
      id: "weekly",
      label: "written in a test",
      scenario: "route_weekly_report",
      model,
      prompt: "p",
      tools: [...registry.names],
      tools_digest: toolOffersDigest(registry),
      turns: [],
    });
  const real = routeFrom({ name: "gpt-test", provider: "openai", params: {} });
  const fake = routeFrom({ name: "ScriptedChatModel", provider: null, params: { llm_type: "scripted-fake" } });
  const replay = (framework: "local_state_graph" | "langgraph", measured: boolean, equal = true) => ({
    framework,
    status: measured ? ("measured" as const) : ("not-measured" as const),
    reason: measured ? null : `${framework} is not installed`,
    framework_version: measured ? "1" : null,
    all_equal: measured ? equal : null,
    all_hold: measured ? true : null,
    graph: "not-measured",
    columns: [],
  });
  const recordWith = (route: Route | null, routes: Measurements["routes"]) =>
    buildRecord({ ...recordInputs, measurements: { ...base, route, routes } });

  it("is blocked, with the reason, when only the FixtureModel ran", () => {
    const record = recordWith(null, []);
    expect(record).toMatchObject({ planner: "fixture", route: null, planner_gate: "blocked" });
    expect(record.planner_gate_reason).toContain("only the FixtureModel ran");
    expect(record.metrics.filter((m) => m.name.startsWith("route_replay"))).toEqual([]);
  });

  it("opens for a real model's route replayed on both frameworks, and names the route", () => {
    const record = recordWith(real, [replay("local_state_graph", true), replay("langgraph", true)]);
    expect(record).toMatchObject({ planner_gate: "open", planner_gate_reason: null });
    expect(record.route).toEqual({ kind: "route", id: "weekly", model: "gpt-test", digest: real.digest });
    expect(record.metrics.filter((m) => m.name.startsWith("route_replay")).map((m) => [m.name, m.met])).toEqual([
      ["route_replay.local_state_graph", true],
      ["route_replay.langgraph", true],
    ]);
  });

  it("stays blocked for a fake model's route and for a replay a framework could not measure", () => {
    const fromFake = recordWith(fake, [replay("local_state_graph", true), replay("langgraph", true)]);
    expect(fromFake.planner_gate_reason).toContain("fake model");
    const halfRun = recordWith(real, [replay("local_state_graph", true), replay("langgraph", false)]);
    expect(halfRun.planner_gate).toBe("blocked");
    expect(halfRun.metrics.find((m) => m.name === "route_replay.langgraph")).toMatchObject({
      status: "not-measured",
      reason: "langgraph is not installed",
    });
  });

  it("misses the replay metric when a framework replays the route differently", () => {
    const record = recordWith(real, [replay("local_state_graph", true, false), replay("langgraph", true)]);
    expect(record.metrics.find((m) => m.name === "route_replay.local_state_graph")).toMatchObject({
      actual: false,
      met: false,
    });
  });
});
