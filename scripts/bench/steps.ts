/**
 * Measure 1: microseconds per step of each engine on the same scenarios, against a floor that
 * does only the unavoidable work of a step. Engines take turns sample by sample (in rotating
 * order), so drift in the machine's speed spreads over all of them alike.
 */
import {
  isTampering,
  type BuiltInEngineId,
  type BuiltInFactory,
  type EngineFactory,
  type EngineId,
  type Scenario,
} from "../../scenarios/index.js";
import { NOT_MEASURED, type EngineStepResult, type StepSection } from "./sections.js";
import { collectGarbage, ratio, round, summarize, untimedUs } from "./stats.js";
import { floorItems, floorRegistry, runFloor, runTimed, type FloorItem } from "./workload.js";

export type StepOptions = {
  readonly samples: number;
  /** Untimed passes over the whole workload before sampling, per engine. */
  readonly warmup: number;
  /** Each sample repeats the workload until it has taken at least this long (calibrated once). */
  readonly minSampleMs: number;
};

export type EngineEntry =
  | { readonly id: BuiltInEngineId; readonly factory: BuiltInFactory }
  | { readonly id: BuiltInEngineId; readonly unavailable: string };

export const STEP_DEFINITION =
  "A step is one applied contract fact, i.e. one trace event (run_started included). All engines apply the same facts through applyFact and emit identical traces, so a scenario is the same number of steps on each. µs/step = time inside the engine's start/submitApproval/resume/reconcileUncertain calls, summed over the workload, divided by its trace events. Environment and engine construction, state reads used to build approval tokens, and observation are not timed.";

export const FLOOR_DEFINITION =
  "A bare synchronous loop doing only the unavoidable work of one step: validatePlannerOutput of a planner output (the workload's scripts, in turn), the registry lookup and decidePolicy for its tool, and the canonical sha256 of the state (hashState) checkpointed by the step that applied each of the workload's trace events.";

export async function measureStepOverhead(
  entries: readonly EngineEntry[],
  scenarios: readonly Scenario[],
  options: StepOptions,
  log: (line: string) => void,
): Promise<StepSection> {
  const measured = entries.filter((e): e is Extract<EngineEntry, { factory: BuiltInFactory }> => "factory" in e);
  const reference = measured.find((e) => e.id === "handwritten");
  if (reference === undefined) throw new Error("the handwritten engine is the reference and must be measured");

  // Inspection pass: which scenarios never wait on a timer, and do all engines leave the same trace?
  const included: Scenario[] = [];
  const excluded: { name: string; reason: string }[] = [];
  const mismatches: string[] = [];
  const items: FloorItem[] = [];
  const scenarioSteps: number[] = [];
  const graphSteps = new Map<EngineId, number>();
  for (const scenario of scenarios) {
    if (scenario.actions.some((a) => a.kind === "rewind_to_approval")) {
      excluded.push({
        name: scenario.name,
        reason:
          "rewinds the session: the work of the abandoned history is not in the session's trace, so trace events would not count the engine's steps",
      });
      continue;
    }
    if (scenario.actions.some(isTampering)) {
      excluded.push({
        name: scenario.name,
        reason:
          "edits the stores between turns: the refusals it provokes are traced without the stored state they were read from, so a step would not be one applied fact",
      });
      continue;
    }
    const base = await runTimed(reference.factory, scenario, true);
    if (base.clock_moved) {
      excluded.push({
        name: scenario.name,
        reason:
          "waits on a timer (a timeout or a retry backoff on the manual clock): it would measure setTimeout latency, not engine work",
      });
      continue;
    }
    included.push(scenario);
    scenarioSteps.push(base.steps);
    items.push(...floorItems(scenario, base.env));
    for (const entry of measured) {
      const run = entry.id === reference.id ? base : await runTimed(entry.factory, scenario, true);
      if (run.trace_digest !== base.trace_digest || run.steps !== base.steps)
        mismatches.push(`${scenario.name}: ${entry.id} trace differs from handwritten`);
      if (run.graph_steps !== null) graphSteps.set(entry.id, (graphSteps.get(entry.id) ?? 0) + run.graph_steps);
    }
  }
  const stepsPerPass = items.length;
  log(
    `step workload: ${included.length} scenarios, ${stepsPerPass} steps per pass (${excluded.length} excluded: timer waits, rewinds)`,
  );

  /** Per engine and scenario: time and steps over every sampled pass, for the breakdown. */
  const byScenario = new Map<string, { us: number; steps: number }>();
  const pass = async (factory: EngineFactory, account = false) => {
    let us = 0;
    let cpu_us = 0;
    let steps = 0;
    for (const scenario of included) {
      const run = await runTimed(factory, scenario);
      us += run.us;
      cpu_us += run.cpu_us;
      steps += run.steps;
      if (account) {
        const key = `${factory.id}/${scenario.name}`;
        const sum = byScenario.get(key) ?? { us: 0, steps: 0 };
        byScenario.set(key, { us: sum.us + run.us, steps: sum.steps + run.steps });
      }
    }
    return { us, cpu_us, steps };
  };

  // Warm-up, then calibrate how many passes make one sample.
  const registry = floorRegistry();
  const passes = new Map<EngineId | "floor", number>();
  for (const entry of measured) {
    for (let i = 0; i < options.warmup; i++) await pass(entry.factory);
    const start = process.hrtime.bigint();
    await pass(entry.factory);
    passes.set(entry.id, Math.max(1, Math.ceil((options.minSampleMs * 1000) / untimedUs(start))));
  }
  for (let i = 0; i < Math.max(3, options.warmup * 20); i++) runFloor(registry, items);
  passes.set("floor", Math.max(1, Math.ceil((options.minSampleMs * 1000) / Math.max(1, runFloor(registry, items).us))));

  const samples = new Map<EngineId | "floor", number[]>();
  const cpuSamples = new Map<EngineId | "floor", number[]>();
  const order: (EngineId | "floor")[] = ["floor", ...measured.map((e) => e.id)];
  for (let s = 0; s < options.samples; s++) {
    const rotated = [...order.slice(s % order.length), ...order.slice(0, s % order.length)];
    for (const id of rotated) {
      collectGarbage();
      const n = passes.get(id) ?? 1;
      let us = 0;
      let cpu_us = 0;
      let steps = 0;
      if (id === "floor") {
        for (let i = 0; i < n; i++) {
          const run = runFloor(registry, items);
          us += run.us;
          cpu_us += run.cpu_us;
        }
        steps = n * items.length;
      } else {
        const entry = measured.find((e) => e.id === id);
        if (entry === undefined) continue;
        for (let i = 0; i < n; i++) {
          const run = await pass(entry.factory, true);
          us += run.us;
          cpu_us += run.cpu_us;
          steps += run.steps;
        }
      }
      samples.set(id, [...(samples.get(id) ?? []), us / steps]);
      cpuSamples.set(id, [...(cpuSamples.get(id) ?? []), cpu_us / steps]);
    }
    log(
      `step sample ${s + 1}/${options.samples}: ${order.map((id) => `${id} ${(samples.get(id)?.at(-1) ?? 0).toFixed(1)} µs (cpu ${(cpuSamples.get(id)?.at(-1) ?? 0).toFixed(1)})`).join(", ")}`,
    );
  }

  const floor = summarize(samples.get("floor") ?? []);
  const handwritten = summarize(samples.get("handwritten") ?? []);
  const cpuFloor = summarize(cpuSamples.get("floor") ?? []);
  const cpuHandwritten = summarize(cpuSamples.get("handwritten") ?? []);
  const engines = {} as Record<BuiltInEngineId, EngineStepResult>;
  for (const entry of entries) {
    if (!("factory" in entry)) {
      engines[entry.id] = { status: NOT_MEASURED, reason: entry.unavailable };
      continue;
    }
    const perStep = summarize(samples.get(entry.id) ?? []);
    const cpuPerStep = summarize(cpuSamples.get(entry.id) ?? []);
    const graph = graphSteps.get(entry.id) ?? null;
    engines[entry.id] = {
      status: "measured",
      version: entry.factory.version,
      passes_per_sample: passes.get(entry.id) ?? 1,
      us_per_step: perStep,
      cpu_us_per_step: cpuPerStep,
      graph_steps_per_pass: graph,
      us_per_graph_step:
        graph === null || graph === 0 ? null : Math.round(((perStep.median * stepsPerPass) / graph) * 1000) / 1000,
      ratio_to_floor: ratio(perStep.median, floor.median),
      ratio_to_handwritten: entry.id === "handwritten" ? null : ratio(perStep.median, handwritten.median),
      cpu_ratio_to_floor: ratio(cpuPerStep.median, cpuFloor.median),
      cpu_ratio_to_handwritten: entry.id === "handwritten" ? null : ratio(cpuPerStep.median, cpuHandwritten.median),
    };
  }
  const perScenario = included.map((scenario, i) => ({
    name: scenario.name,
    steps: scenarioSteps[i] ?? 0,
    mean_us_per_step: Object.fromEntries(
      measured.map((e) => {
        const sum = byScenario.get(`${e.id}/${scenario.name}`);
        return [e.id, sum === undefined || sum.steps === 0 ? null : round(sum.us / sum.steps, 1)];
      }),
    ),
  }));
  return {
    definition: STEP_DEFINITION,
    scenarios: included.map((s) => s.name),
    excluded,
    steps_per_pass: stepsPerPass,
    traces_identical: mismatches.length === 0,
    trace_mismatches: mismatches,
    floor: {
      definition: FLOOR_DEFINITION,
      items_per_pass: items.length,
      passes_per_sample: passes.get("floor") ?? 1,
      us_per_step: floor,
      cpu_us_per_step: cpuFloor,
    },
    engines,
    per_scenario: perScenario,
  };
}
