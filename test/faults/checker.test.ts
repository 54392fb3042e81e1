/**
 * The fault-schedule checker judges each tool's side effects by the policy of its risk class in
 * the run's registry, never by the tool's name. An engine that believes every tool is read-only
 * runs each call at once: the checker must flag exactly the effects the registry's policy forbids.
 */
import { describe, expect, it } from "vitest";
import { createRegistry, type RiskClass, type ToolRegistry } from "../../contract/index.js";
import { createEnvironment } from "../../handwritten/fixtures/environment.js";
import { finalAnswer, toolCall } from "../../handwritten/fixtures/index.js";
import {
  handwrittenFactory,
  observeRun,
  type BuiltInFactory,
  type EngineFactory,
  type Scenario,
} from "../../scenarios/index.js";
import { checkSchedule } from "../../scenarios/faults/schedule.js";
import { checkedOrThrown, schedulesOf } from "../../scenarios/faults/play.js";

const relabel = (registry: ToolRegistry, risk: (name: string, risk: RiskClass) => RiskClass) =>
  createRegistry(registry.list().map((spec) => ({ ...spec, risk: risk(spec.name, spec.risk) })));

/** The handwritten engine seeing the tools in other classes than the run's registry says. */
const seeing = (risk: (name: string, risk: RiskClass) => RiskClass): EngineFactory => ({
  ...handwrittenFactory,
  id: "sees_other_classes",
  create: (context) => handwrittenFactory.create({ ...context, registry: relabel(context.registry, risk) }),
});
const ignoresPolicy = seeing(() => "read_only");

/** The run's own registry (what the checker reads), with some tools in another class. */
const registryWith = (risks: Readonly<Record<string, RiskClass>>) => ({
  environment: (options: Parameters<typeof createEnvironment>[0]) => {
    const env = createEnvironment(options);
    return { ...env, registry: relabel(env.registry, (name, risk) => risks[name] ?? risk) };
  },
});

const schedule = (...script: string[]): Scenario => ({
  name: "checker",
  summary: "one planner route, started once, a waiting call approved",
  goal: "checker",
  options: { script: [...script, finalAnswer("done")] },
  actions: [{ kind: "start" }, { kind: "approve" }],
  observe: observeRun,
});

const publish = toolCall("publish_report", { artifact: "art_weekly", audience: "team" }, "p1");
const shell = toolCall("run_shell", { command: "ls" });
const save = toolCall("save_artifact", { name: "a", content: "one" }, "k1");
const unapproved = async (
  factory: EngineFactory,
  scenario: Scenario,
  risks: Readonly<Record<string, RiskClass>> = {},
) =>
  (await checkSchedule(factory, scenario, registryWith(risks))).violations
    .filter((v) => v.rule === "no_unapproved_side_effect")
    .map((v) => v.detail);

describe("the fault-schedule checker reads policy from the registry", () => {
  it("flags a high_risk effect with no approval and any effect of an always_deny tool", async () => {
    expect(await unapproved(ignoresPolicy, schedule(publish, shell))).toEqual([
      "publish_report p1: 1 effects, 0 approvals",
      "run_shell ran",
    ]);
  });

  it("flags nothing when the engine keeps the policy", async () => {
    expect(await unapproved(handwrittenFactory, schedule(publish, shell))).toEqual([]);
  });

  it("follows the class the registry gives a tool, whatever its name", async () => {
    // save_artifact needing approval: its effect is unapproved; publish_report read-only: its effect is allowed.
    const risks = { save_artifact: "high_risk", publish_report: "read_only", run_shell: "idempotent_write" } as const;
    expect(await unapproved(ignoresPolicy, schedule(save, publish, shell), risks)).toEqual([
      "save_artifact k1: 1 effects, 0 approvals",
    ]);
  });

  it("counts an approval only for the tool it was given to", async () => {
    // The engine asks approval for the publish and runs the save under the same key unasked.
    const engine = seeing((name, risk) => (name === "save_artifact" ? "read_only" : risk));
    const publishK1 = toolCall("publish_report", { artifact: "art_weekly", audience: "team" }, "k1");
    expect(await unapproved(engine, schedule(publishK1, save), { save_artifact: "high_risk" })).toEqual([
      "save_artifact k1: 1 effects, 0 approvals",
    ]);
  });
});

describe("an engine that throws mid-schedule", () => {
  it("is a violation of its own, named with the error, not the end of the run", async () => {
    const throwing: BuiltInFactory = {
      ...handwrittenFactory,
      create: (context) => ({
        ...handwrittenFactory.create(context),
        start: async () => {
          throw new Error("tool results are missing");
        },
      }),
    };
    const schedule = schedulesOf(13, 0, 1)[0]!;
    expect(await checkedOrThrown(throwing, schedule, undefined)).toEqual({
      observation: "engine_error: tool results are missing",
      final_status: "engine_error",
      violations: [{ rule: "engine_runs_to_its_end", detail: "the engine threw: tool results are missing" }],
    });
    expect((await checkedOrThrown(handwrittenFactory, schedule, undefined)).final_status).not.toBe("engine_error");
  });
});

describe("the replay check", () => {
  /** The handwritten engine, starting each run after the first with another goal: its replay's trace differs. */
  const forgetful = (): BuiltInFactory => {
    let runs = 0;
    return {
      ...handwrittenFactory,
      create: (context) => {
        const engine = handwrittenFactory.create(context);
        return { ...engine, start: (id, goal) => engine.start(id, runs++ === 0 ? goal : `${goal} (again)`) };
      },
    };
  };
  const schedule = schedulesOf(13, 0, 1)[0]!;

  it("flags an engine whose second run leaves another trace", async () => {
    expect((await checkSchedule(forgetful(), schedule)).violations).toContainEqual({
      rule: "replay_reproduces_trace",
      detail: "a second run gave another trace",
    });
  });

  it("flags nothing when both runs leave the same trace", async () => {
    expect((await checkSchedule(handwrittenFactory, schedule)).violations).toEqual([]);
  });
});
