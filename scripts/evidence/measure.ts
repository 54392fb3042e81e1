/**
 * The deterministic measurements behind the runtime record's metrics. Everything here runs the
 * real contract and the real engines over the fixture world: same inputs, same numbers, so a
 * test can measure again and compare with the committed record.
 */
import { decidePolicy, messagesOf, validatePlannerOutput, type Message } from "../../contract/index.js";
import { createFixtureRegistry, createFixtureWorld, finalAnswer } from "../../handwritten/fixtures/index.js";
import { REQUIRED_COLUMNS } from "../../scenarios/columns.js";
import type { EngineFactory } from "../../runtime/index.js";
import {
  BUILT_IN_FRAMEWORK_IDS as FRAMEWORK_IDS,
  measuredEngines,
  type EngineId,
  type EngineSlot,
  type FrameworkId,
} from "../../engines/index.js";
import { DEFAULT_SEED } from "../../handwritten/fixtures/environment.js";
import { runScenario, type Scenario } from "../../scenarios/scenario.js";
import type { Route } from "../../handwritten/route/index.js";
import { compare } from "../comparison/report.js";
import { scenariosFor, type PlannerChoice } from "../comparison/planner.js";
import {
  APPROVAL_CASES,
  FAULT_CASES,
  meetsExpectation,
  unapprovedEffects,
  type CaseObservation,
  type FaultExpectation,
} from "../../scenarios/evidence-cases.js";
import { SCHEMA_CASES } from "./schema-cases.js";

// The runtime record measures the frameworks without their native and hardened variants (the comparison measures those).

export type EngineSummary = {
  readonly id: EngineId;
  readonly status: "measured" | "not-measured";
  readonly version: string | null;
  readonly reason: string | null;
};

export type SchemaObservation = {
  readonly outcome: string;
  readonly executor_calls: number;
  readonly side_effects: number;
  readonly approval_requested: boolean;
  readonly correct: boolean;
};
export type SchemaMeasurement = {
  readonly name: string;
  readonly expected: string;
  /** validatePlannerOutput on its own: the rejection code, or "accepted". */
  readonly contract: { readonly outcome: string; readonly correct: boolean };
  readonly engines: Readonly<Record<string, SchemaObservation>>;
};

export type ApprovalMeasurement = {
  readonly name: string;
  readonly engines: Readonly<
    Record<
      string,
      {
        readonly final_status: string;
        readonly high_risk_effects: number;
        readonly approvals_accepted: number;
        readonly unapproved_effects: number;
        readonly refusals: readonly string[];
      }
    >
  >;
};

export type FaultMeasurement = {
  readonly name: string;
  readonly recoverable: boolean;
  readonly why: string;
  readonly expected: FaultExpectation;
  readonly engines: Readonly<
    Record<
      string,
      {
        readonly final_status: string;
        readonly side_effects: number;
        readonly executor_calls: number;
        readonly reconciled: boolean;
        readonly as_expected: boolean;
      }
    >
  >;
};

export type ComparisonSummary = {
  readonly framework: FrameworkId;
  readonly status: "measured" | "not-measured";
  readonly reason: string | null;
  readonly framework_version: string | null;
  readonly all_equal: boolean | null;
  readonly all_hold: boolean | null;
  readonly graph: unknown;
  readonly columns: readonly {
    readonly name: string;
    readonly equal: boolean | null;
    readonly graph_steps: number | string;
  }[];
};

export type Measurements = {
  readonly seed: string;
  readonly engines: readonly EngineSummary[];
  readonly schema: readonly SchemaMeasurement[];
  readonly approvals: readonly ApprovalMeasurement[];
  readonly faults: readonly FaultMeasurement[];
  readonly comparisons: readonly ComparisonSummary[];
  /** The frozen route replayed on both frameworks (runtime-record --planner route:PATH), or null. */
  readonly route: Route | null;
  /** Its comparisons, as compare.ts --planner route:PATH runs them; empty without a route. */
  readonly routes: readonly ComparisonSummary[];
};

/** The fixture seed the scenarios use, taken from the code that uses it. */
export function scenarioSeed(): string {
  return DEFAULT_SEED;
}

export const summariseEngines = (slots: readonly EngineSlot[]): EngineSummary[] =>
  slots.map((s) =>
    s.status === "measured"
      ? { id: s.id, status: s.status, version: s.version, reason: null }
      : { id: s.id, status: s.status, version: null, reason: s.reason },
  );

async function observe(factory: EngineFactory, scenario: Scenario): Promise<CaseObservation> {
  return (await runScenario(factory, scenario)).observation as unknown as CaseObservation;
}

export async function measureSchema(slots: readonly EngineSlot[]): Promise<SchemaMeasurement[]> {
  const out: SchemaMeasurement[] = [];
  for (const c of SCHEMA_CASES) {
    const registry = createFixtureRegistry(createFixtureWorld());
    const validated = validatePlannerOutput(registry, c.raw);
    const contractOutcome = validated.ok ? "accepted" : validated.error.code;
    const engines: Record<string, SchemaObservation> = {};
    for (const slot of measuredEngines(slots)) {
      const run = await runScenario(slot.factory, {
        name: `schema_${c.name}`,
        summary: c.name,
        goal: "schema gate",
        options: { script: [c.raw, finalAnswer("stopped")] },
        actions: [{ kind: "start" }],
        observe(record) {
          const message = messagesOf(record.final).find(
            (m): m is Extract<Message, { role: "tool" }> => m.role === "tool",
          );
          const code = (message?.content as { code?: string } | undefined)?.code;
          return {
            outcome:
              message === undefined
                ? "no_tool_message"
                : message.status === "rejected"
                  ? (code ?? "rejected")
                  : message.status === "ok"
                    ? "accepted"
                    : message.status,
            executor_calls: record.env.world.totalCalls(),
            side_effects: record.env.world.totalEffects(),
            approval_requested: record.trace.some((e) => e.type === "approval_requested"),
          };
        },
      });
      const o = run.observation as Omit<SchemaObservation, "correct">;
      const correct =
        c.expected === "accepted"
          ? o.outcome === "accepted" && o.executor_calls === 1
          : o.outcome === c.expected && o.executor_calls === 0 && o.side_effects === 0 && !o.approval_requested;
      engines[slot.id] = { ...o, correct };
    }
    out.push({
      name: c.name,
      expected: c.expected,
      contract: { outcome: contractOutcome, correct: contractOutcome === c.expected },
      engines,
    });
  }
  return out;
}

export async function measureApprovals(slots: readonly EngineSlot[]): Promise<ApprovalMeasurement[]> {
  const out: ApprovalMeasurement[] = [];
  for (const c of APPROVAL_CASES) {
    const engines: ApprovalMeasurement["engines"][string][] = [];
    const ids: string[] = [];
    for (const slot of measuredEngines(slots)) {
      const o = await observe(slot.factory, c.scenario());
      const highRisk = Object.entries(o.risks)
        .filter(([, risk]) => decidePolicy(risk).kind === "require_approval")
        .map(([tool]) => tool);
      const sum = (counts: Record<string, Record<string, number>>) =>
        highRisk.reduce((n, tool) => n + Object.values(counts[tool] ?? {}).reduce((a, b) => a + b, 0), 0);
      ids.push(slot.id);
      engines.push({
        final_status: o.final_status,
        high_risk_effects: sum(o.effects),
        approvals_accepted: sum(o.approvals),
        unapproved_effects: unapprovedEffects(o),
        refusals: o.refusals,
      });
    }
    out.push({
      name: c.name,
      engines: Object.fromEntries(ids.map((id, i) => [id, engines[i]])) as ApprovalMeasurement["engines"],
    });
  }
  return out;
}

export async function measureFaults(slots: readonly EngineSlot[]): Promise<FaultMeasurement[]> {
  const out: FaultMeasurement[] = [];
  for (const c of FAULT_CASES) {
    const engines: Record<string, FaultMeasurement["engines"][string]> = {};
    for (const slot of measuredEngines(slots)) {
      const o = await observe(slot.factory, c.scenario());
      engines[slot.id] = {
        final_status: o.final_status,
        side_effects: o.side_effects,
        executor_calls: o.executor_calls,
        reconciled: o.trace_types.includes("tool_reconciled"),
        as_expected: meetsExpectation(o, c.expected),
      };
    }
    out.push({ name: c.name, recoverable: c.recoverable, why: c.why, expected: c.expected, engines });
  }
  return out;
}

/**
 * The comparison of scripts/compare.ts, in process, per framework; volatile fields are not kept.
 * With the fixture planner it runs the required columns; with a route, the route's own column.
 */
export async function measureComparisons(
  slots: readonly EngineSlot[],
  planner: PlannerChoice = { kind: "fixture" },
): Promise<ComparisonSummary[]> {
  const out: ComparisonSummary[] = [];
  for (const framework of FRAMEWORK_IDS) {
    const slot = slots.find((s) => s.id === framework);
    if (slot === undefined) throw new Error(`no engine slot for ${framework}`);
    const report = await compare({
      framework,
      factory: slot.status === "measured" ? slot.factory : { unavailable: slot.reason },
      scenarios: planner.kind === "fixture" ? REQUIRED_COLUMNS : scenariosFor(planner),
      commit: null,
      now: new Date(0),
      planner,
    });
    out.push({
      framework,
      status: report.status,
      reason: report.reason,
      framework_version: report.framework_version,
      all_equal: report.all_equal,
      all_hold: report.all_hold,
      graph: report.graph,
      columns: report.scenarios.map((s) => ({ name: s.name, equal: s.equal, graph_steps: s.graph_steps })),
    });
  }
  return out;
}

export async function measureAll(slots: readonly EngineSlot[], route: Route | null = null): Promise<Measurements> {
  return {
    seed: scenarioSeed(),
    engines: summariseEngines(slots),
    schema: await measureSchema(slots),
    approvals: await measureApprovals(slots),
    faults: await measureFaults(slots),
    comparisons: await measureComparisons(slots),
    route,
    routes: route === null ? [] : await measureComparisons(slots, { kind: "route", route }),
  };
}
