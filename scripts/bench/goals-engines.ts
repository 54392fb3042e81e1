/** The engines' goals: cost per step, growth with session length, the adapter's overhead, fault schedules per core. */
import { BUILT_IN_ENGINE_IDS as ENGINE_IDS } from "../../scenarios/index.js";
import { points, worstAdapterPoint } from "./adapter-overhead.js";
import { goal, us, type Goal } from "./goal.js";
import type { HashWork } from "./hash-work.js";
import {
  ANCHOR_ID,
  type AdapterOverheadSection,
  type FaultThroughputSection,
  type SessionLengthSection,
  type StepSection,
} from "./sections.js";
import { ratio, round } from "./stats.js";

/** Issue #27: fault schedules per second on one core, per engine (the CI goal, on every core, is wall time). */
export const FAULT_SCHEDULES_PER_CORE_S: Readonly<Record<(typeof ENGINE_IDS)[number], number>> = {
  handwritten: 1000,
  local_state_graph: 500,
  langgraph: 100,
};

// Issue #27 tightened the step targets of #14 (3× and 1.5×) into goals.
export function stepGoals(steps: StepSection): Goal[] {
  const hwSteps = steps.engines.handwritten;
  const localSteps = steps.engines.local_state_graph;
  return [
    goal({
      id: "handwritten_vs_floor",
      says: "handwritten µs per step ÷ the floor's ≤ 2",
      value: hwSteps.status === "measured" ? hwSteps.ratio_to_floor : null,
      bound: 2,
      kind: "max",
      from: "step_overhead.engines.handwritten.ratio_to_floor",
      context:
        hwSteps.status === "measured"
          ? `a step costs ${us(hwSteps.us_per_step.median)} on handwritten and ${us(steps.floor.us_per_step.median)} on the bare loop of the floor`
          : undefined,
    }),
    goal({
      id: "local_vs_handwritten",
      says: "local_state_graph µs per step ÷ handwritten's ≤ 1.2",
      value: localSteps.status === "measured" ? localSteps.ratio_to_handwritten : null,
      bound: 1.2,
      kind: "max",
      from: "step_overhead.engines.local_state_graph.ratio_to_handwritten",
      context:
        localSteps.status === "measured" && hwSteps.status === "measured"
          ? `a step costs ${us(localSteps.us_per_step.median)} on local_state_graph and ${us(hwSteps.us_per_step.median)} on handwritten`
          : undefined,
    }),
  ];
}

/** The contract's hashing per fact at both lengths: flat counts put a growth in time elsewhere than the contract. */
const hashedChars = (
  lo: HashWork | null | undefined,
  hi: HashWork | null | undefined,
  at: readonly number[],
): string[] =>
  lo === null || lo === undefined || hi === null || hi === undefined
    ? []
    : [
        `the contract hashes ${Math.round(lo.chars).toLocaleString("en")} characters per fact at ${at[0]} calls and ${Math.round(hi.chars).toLocaleString("en")} at ${at[1]}`,
      ];

export function sessionGoals(s: SessionLengthSection, adapterOverhead: AdapterOverheadSection): Goal[] {
  const largest = Math.max(...s.sizes);
  const smallest = Math.min(...s.sizes);
  const at = (id: keyof typeof s.engines, calls: number) => points(s, id).find((p) => p.calls === calls) ?? null;
  const bareHi = at(ANCHOR_ID, largest)?.us_per_graph_step?.median;
  const bareLo = at(ANCHOR_ID, smallest)?.us_per_graph_step?.median;
  // Bare LangGraph on the same saver: what growth LangGraph itself shows over the same lengths.
  const bareGrowth =
    bareHi === undefined || bareLo === undefined
      ? undefined
      : `bare LangGraph grows ${ratio(bareHi, bareLo)}× per graph step over the same lengths, on the same MemorySaver`;
  const growth = ENGINE_IDS.map((id) => {
    const hi = at(id, largest)?.us_per_fact.median;
    const lo = at(id, smallest)?.us_per_fact.median;
    return goal({
      id: `session_growth_${id}`,
      says: `${id}: µs per fact at ${largest} calls ÷ at ${smallest} calls ≤ 1.2`,
      value: hi === undefined || lo === undefined ? null : ratio(hi, lo),
      bound: 1.2,
      kind: "max",
      from: `session_length.engines.${id}.points[calls=${largest}].us_per_fact.median ÷ [calls=${smallest}]`,
      context:
        hi === undefined || lo === undefined
          ? undefined
          : [
              `a fact costs ${us(lo)} at ${smallest} calls and ${us(hi)} at ${largest}`,
              ...hashedChars(at(id, smallest)?.hashing_per_fact, at(id, largest)?.hashing_per_fact, [
                smallest,
                largest,
              ]),
              ...(id === "langgraph" && bareGrowth !== undefined ? [bareGrowth] : []),
            ].join("; "),
    });
  });
  const hw = at("handwritten", largest)?.us_per_fact.median;
  const bareStep = at(ANCHOR_ID, largest)?.us_per_graph_step?.median;
  // Judged at the worst session length (issue #27), every length reported.
  const overhead = worstAdapterPoint(adapterOverhead);
  return [
    ...growth,
    goal({
      id: "handwritten_vs_bare_langgraph",
      says: `handwritten µs per fact at ${largest} calls ≤ 1/10 of bare LangGraph's µs per step`,
      value: hw === undefined || bareStep === undefined ? null : ratio(hw, bareStep),
      bound: 0.1,
      kind: "max",
      from: `session_length handwritten us_per_fact.median ÷ ${ANCHOR_ID} us_per_graph_step.median, calls=${largest}`,
    }),
    goal({
      id: "adapter_overhead",
      says: "LangGraph adapter ÷ bare LangGraph per graph step, at the worst session length, ≤ 1.15",
      value: overhead?.ratio ?? null,
      bound: 1.15,
      kind: "max",
      from: "adapter_overhead.points[*].ratio, the largest",
      context:
        overhead === undefined
          ? undefined
          : `worst at ${overhead.calls} calls: ${us(overhead.adapter_us_per_graph_step)} per graph step against bare LangGraph's ${us(overhead.bare_us_per_graph_step)}`,
    }),
  ];
}

/**
 * Fault schedules per core. LangGraph's reason also names what the framework alone would need: its
 * graph steps per schedule at bare LangGraph's cost per graph step (session_length's anchor at the
 * shortest length, the nearest to a schedule's), the most any adapter on LangGraph could reach here.
 */
export function faultGoals(f: FaultThroughputSection, sessions?: SessionLengthSection): Goal[] {
  const shortest = sessions === undefined ? undefined : Math.min(...sessions.sizes);
  const bare = sessions === undefined ? undefined : points(sessions, ANCHOR_ID).find((p) => p.calls === shortest);
  const bareStepUs = bare?.us_per_graph_step?.median;
  return ENGINE_IDS.map((id) => {
    const e = f.engines[id];
    const measured = e.status === "measured" && e.schedules_per_core_s > 0 ? e : undefined;
    const steps = measured?.graph_steps_per_schedule ?? null;
    const floor =
      id === "langgraph" && steps !== null && bareStepUs !== undefined
        ? frameworkFloor(steps, bareStepUs, shortest ?? 0)
        : "";
    return goal({
      id: `${id}_fault_schedules_per_core_s`,
      says: `${id} fault schedules ≥ ${FAULT_SCHEDULES_PER_CORE_S[id].toLocaleString("en")} per second per core`,
      value: e.status === "measured" ? e.schedules_per_core_s : null,
      bound: FAULT_SCHEDULES_PER_CORE_S[id],
      kind: "min",
      from: `fault_throughput.engines.${id}.schedules_per_core_s`,
      context:
        measured === undefined
          ? undefined
          : `a schedule takes ${round(1000 / measured.schedules_per_core_s, 1)} ms of one core${floor}`,
    });
  });
}

/** What bare LangGraph alone spends on a schedule's graph steps, and the throughput per core that leaves. */
function frameworkFloor(steps: number, bareStepUs: number, calls: number): string {
  const ms = (steps * bareStepUs) / 1000;
  return `; bare LangGraph alone would spend ${round(ms, 1)} ms on its ${steps} graph steps (${us(bareStepUs)} each, session_length's ${ANCHOR_ID} at ${calls} calls): at most ${Math.floor(1000 / ms)} per second per core before the harness does anything`;
}
