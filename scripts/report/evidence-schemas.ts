/**
 * The evidence as the report reads it: schemas naming only the fields the report shows (the files'
 * own schemas are stricter and live with the scripts that write them), so a field added to a file
 * never breaks the report and a field it shows that goes missing fails loudly.
 */
import { z } from "zod";

const Stats = z.object({ median: z.number() });
/** An engine's verdict on a column (scenarios/verdict.ts), as the report reads it. */
export const EngineVerdict = z.object({
  behaviour: z.enum(["holds", "fails", "error"]),
  vocabulary: z.enum(["conforms", "differs", "not_applicable"]),
  violations: z.array(
    z.object({ kind: z.enum(["behaviour", "vocabulary"]), expectation: z.string(), observed: z.string().nullable() }),
  ),
  error: z.string().optional(),
});
export type EngineVerdict = z.infer<typeof EngineVerdict>;

export const ComparisonRow = z.object({
  name: z.string(),
  family: z.string().min(1),
  summary: z.string(),
  expected: z.string(),
  verdict: z.object({ handwritten: EngineVerdict, framework: EngineVerdict.nullable() }),
});
export type ComparisonRow = z.infer<typeof ComparisonRow>;

export const GraphShape = z.object({
  nodes: z.number(),
  edges: z.number(),
  conditional_edges: z.number(),
  routers: z.number(),
  diagram: z.string().nullable(),
});
export type GraphShape = z.infer<typeof GraphShape>;

export const Comparison = z.object({
  framework: z.string(),
  judged: z.enum(["contract", "foreign"]),
  status: z.string(),
  reason: z.string().nullable(),
  generated_at: z.string(),
  commit: z.string().nullable(),
  graph: z.union([GraphShape, z.string()]),
  scenarios: z.array(ComparisonRow),
});
export type Comparison = z.infer<typeof Comparison>;

const Machine = z.object({ cpu_model: z.string(), cores: z.number(), node: z.string() });
const Measured = z.object({ status: z.string() });
export const Bench = z.object({
  generated_at: z.string(),
  commit: z.string(),
  machine: Machine,
  load_average: z.object({ start: z.array(z.number()) }).optional(),
  step_overhead: z.object({
    floor: z.object({ us_per_step: Stats }),
    engines: z.record(z.string(), Measured.extend({ us_per_step: Stats.optional() })),
  }),
  session_length: z.object({
    engines: z.record(
      z.string(),
      Measured.extend({ points: z.array(z.object({ calls: z.number(), us_per_fact: Stats })).optional() }),
    ),
  }),
  mcp: z.object({
    results: z.array(Measured.extend({ transport: z.string(), server: z.string(), median_us: z.number().optional() })),
  }),
  fault_throughput: z.object({
    engines: z.record(z.string(), Measured.extend({ schedules_per_s: z.number().optional() })),
  }),
  goals: z.array(z.object({ id: z.string(), says: z.string(), value: z.number().nullable(), met: z.boolean() })),
});
export type Bench = z.infer<typeof Bench>;

export const FaultSchedules = z.object({
  seed: z.union([z.number(), z.string()]),
  schedules_per_engine: z.number(),
  cross_engine_differences: z.number(),
  engines: z.record(
    z.string(),
    z.object({
      schedules: z.number(),
      violations: z.number(),
      duplicates_found: z.number(),
      unapproved_side_effects: z.number(),
      uncertain_retried: z.number(),
      nondeterministic_replays: z.number(),
      final_statuses: z.record(z.string(), z.number()),
    }),
  ),
});
export type FaultSchedules = z.infer<typeof FaultSchedules>;

export const StoreFaults = z.object({
  counts: z.record(z.string(), z.number()),
  results: z.array(
    z.object({
      id: z.string(),
      group: z.string(),
      kind: z.string(),
      expect: z.string(),
      outcome: z.string(),
      code: z.string().nullable(),
    }),
  ),
});
export type StoreFaults = z.infer<typeof StoreFaults>;

export const BenchStores = z.object({
  stores: z.record(z.string(), Measured.extend({ ledger_pairs_per_s: Stats.optional(), step_us: Stats.optional() })),
});
export type BenchStores = z.infer<typeof BenchStores>;

export const Crashes = z.object({
  kill_signal: z.string(),
  by_store: z.record(
    z.string(),
    Measured.extend({
      reason: z.string().nullable().optional(),
      crash_runs: z.number().optional(),
      duplicates_found: z.number().optional(),
      unapproved_side_effects: z.number().optional(),
      approval_tokens_reused: z.number().optional(),
      approval_tokens_refused: z.number().optional(),
      uncertain_outcomes: z.number().optional(),
    }),
  ),
  negative_control: z.object({ store: z.string(), sabotage: z.string(), duplicates_detected: z.number() }).optional(),
});
export type Crashes = z.infer<typeof Crashes>;

export const RuntimeRecord = z.object({
  generated_at: z.string(),
  commit: z.string(),
  planner_gate: z.string(),
  planner_gate_reason: z.string().nullable(),
  tests: z.object({ total: z.number(), passed: z.number(), failed: z.number() }),
  commands: z.array(z.object({ command: z.string(), purpose: z.string(), exit_code: z.number().nullable() })),
  metrics: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      rule: z.string(),
      expected: z.unknown(),
      actual: z.unknown(),
      met: z.boolean().nullable(),
    }),
  ),
});
export type RuntimeRecord = z.infer<typeof RuntimeRecord>;

/** What the report reads of the framework matrix (scripts/matrix/schema.ts): each column's verdict per engine. */
export const FrameworkVerdicts = z.object({
  engines: z.array(z.object({ id: z.string(), judged: z.enum(["contract", "foreign"]) })),
  columns: z.array(
    z.object({
      name: z.string(),
      engines: z.record(
        z.string(),
        z.union([EngineVerdict, z.object({ behaviour: z.literal("not_measured"), reason: z.string() })]),
      ),
    }),
  ),
});
export type FrameworkVerdicts = z.infer<typeof FrameworkVerdicts>;

/** evidence/hardening-ablation-v1.json, as the report reads it: per hardened engine, what each piece turns. */
export const Ablation = z.object({
  layers: z.array(
    z.discriminatedUnion("status", [
      z.object({
        engine: z.string(),
        status: z.literal("measured"),
        pieces: z.array(
          z.object({
            piece: z.string(),
            turns: z.array(z.string()),
            backed_up_by: z.string().nullable(),
            backer_turns: z.array(z.string()).nullable(),
            turns_beyond_backer: z.array(z.string()).nullable(),
          }),
        ),
      }),
      z.object({ engine: z.string(), status: z.literal("not-measured"), reason: z.string() }),
    ]),
  ),
});
export type Ablation = z.infer<typeof Ablation>;
