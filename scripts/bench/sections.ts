/**
 * The shapes of the engine measures' sections of the bench's evidence, as zod schemas: each measure
 * builds its section as the type inferred here, and report.ts checks the whole file with them, so a
 * section's shape is written once. The measures around the engines are in sections-services.ts.
 */
import { z } from "zod";
import { BUILT_IN_ENGINE_IDS as ENGINE_IDS } from "../../scenarios/index.js";
import { SummarySchema } from "./stats.js";

export const NOT_MEASURED = "not-measured";
/** The adapter's anchor in session_length: LangGraph with no harness. */
export const ANCHOR_ID = "bare_langgraph";

const NotMeasured = z.literal(NOT_MEASURED);
const Num = z.number().finite();
const Unmeasured = z.strictObject({ status: NotMeasured, reason: z.string() });

const engineRecord = <T extends z.ZodType>(value: T) =>
  z.strictObject(Object.fromEntries(ENGINE_IDS.map((id) => [id, value])) as Record<(typeof ENGINE_IDS)[number], T>);

export const EngineStepResult = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("measured"),
    version: z.string(),
    /** Workload passes per sample. */
    passes_per_sample: z.number().int().positive(),
    /** Wall-clock µs per step. */
    us_per_step: SummarySchema,
    /** This process's CPU time during the same calls, all threads (V8's background GC and compiler included). */
    cpu_us_per_step: SummarySchema,
    /** Committed graph-node executions per pass (null for the handwritten engine). */
    graph_steps_per_pass: z.number().int().nullable(),
    us_per_graph_step: Num.nullable(),
    /** Wall-clock median over the floor's; `cpu_` ratios use the CPU medians. */
    ratio_to_floor: Num,
    ratio_to_handwritten: Num.nullable(),
    cpu_ratio_to_floor: Num,
    cpu_ratio_to_handwritten: Num.nullable(),
  }),
  Unmeasured,
]);
export type EngineStepResult = z.infer<typeof EngineStepResult>;

export const StepSection = z.strictObject({
  definition: z.string(),
  scenarios: z.array(z.string()).min(1),
  excluded: z.array(z.strictObject({ name: z.string(), reason: z.string() })),
  steps_per_pass: z.number().int().positive(),
  /** Every measured engine left the same trace (sha256 of the canonical trace) on every scenario. */
  traces_identical: z.boolean(),
  trace_mismatches: z.array(z.string()),
  floor: z.strictObject({
    definition: z.string(),
    items_per_pass: z.number().int().positive(),
    passes_per_sample: z.number().int().positive(),
    us_per_step: SummarySchema,
    cpu_us_per_step: SummarySchema,
  }),
  engines: engineRecord(EngineStepResult),
  /** Where the time goes: mean µs per step of each scenario over all sampled passes (not a median). */
  per_scenario: z.array(
    z.strictObject({
      name: z.string(),
      steps: z.number().int(),
      mean_us_per_step: z.record(z.string(), Num.nullable()),
    }),
  ),
});
export type StepSection = z.infer<typeof StepSection>;

export const GrowthPoint = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("measured"),
    requested: z.number().int().positive(),
    /** Checkpoints of the session in the store when each timed run began (fewest and most). */
    checkpoints_before_run: z.strictObject({ min: z.number().int(), max: z.number().int() }),
    /** Filling stopped at the time budget before reaching `requested`. */
    capped: z.boolean(),
    fill_ms: Num,
    steps_per_run: z.number().int().positive(),
    us_per_step: SummarySchema,
    /** Median µs/step at this size over the median at the smallest size. */
    ratio_to_smallest: Num.nullable(),
    note: z.string().nullable(),
  }),
  z.strictObject({ status: NotMeasured, requested: z.number().int().positive(), reason: z.string() }),
]);
export type GrowthPoint = z.infer<typeof GrowthPoint>;

export const GrowthEngine = z.union([z.strictObject({ store: z.string(), points: z.array(GrowthPoint) }), Unmeasured]);
export type GrowthEngine = z.infer<typeof GrowthEngine>;

export const GrowthSection = z.strictObject({
  definition: z.string(),
  sizes: z.array(z.number().int().positive()).min(1),
  engines: engineRecord(GrowthEngine),
});
export type GrowthSection = z.infer<typeof GrowthSection>;

export const SessionPoint = z.strictObject({
  calls: z.number().int().positive(),
  /** Calls already in the session when the timed run began. */
  seeded_calls: z.number().int().nonnegative(),
  facts_per_run: z.number().int().positive(),
  graph_steps_per_run: z.number().int().positive().nullable(),
  runs_per_sample: z.number().int().positive(),
  us_per_fact: SummarySchema,
  /** CPU time of this process over the same runs, all threads. */
  cpu_us_per_fact: SummarySchema,
  us_per_graph_step: SummarySchema.nullable(),
  /** The run ended with the reference run's checkpoint_hash (null for the anchor, which has no contract state). */
  same_final_hash: z.boolean().nullable(),
  /** The contract's digests and seals per fact in one more run (`hash-work.ts`); null for the anchor. */
  hashing_per_fact: z.strictObject({ digests: Num, chars: Num }).nullable(),
});
export type SessionPoint = z.infer<typeof SessionPoint>;

export const SessionEngine = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("measured"), points: z.array(SessionPoint) }),
  Unmeasured,
]);
export type SessionEngine = z.infer<typeof SessionEngine>;

export const SessionLengthSection = z.strictObject({
  definition: z.string(),
  tool: z.string(),
  sizes: z.array(z.number().int().positive()).min(1),
  timed_calls: z.number().int().positive(),
  engines: z.strictObject({
    ...Object.fromEntries(ENGINE_IDS.map((id) => [id, SessionEngine])),
    [ANCHOR_ID]: SessionEngine,
  } as Record<(typeof ENGINE_IDS)[number] | typeof ANCHOR_ID, typeof SessionEngine>),
});
export type SessionLengthSection = z.infer<typeof SessionLengthSection>;
export type SessionEngineId = keyof SessionLengthSection["engines"];

export const AdapterOverheadPoint = z.strictObject({
  calls: z.number().int().positive(),
  adapter_us_per_graph_step: Num,
  bare_us_per_graph_step: Num,
  /** The median of `paired_ratios`. */
  ratio: Num,
  /** adapter ÷ bare of each pair of samples taken side by side, in sample order. */
  paired_ratios: SummarySchema,
});
export type AdapterOverheadPoint = z.infer<typeof AdapterOverheadPoint>;

export const AdapterOverheadSection = z.strictObject({ definition: z.string(), points: z.array(AdapterOverheadPoint) });
export type AdapterOverheadSection = z.infer<typeof AdapterOverheadSection>;

export const FaultThroughputEngine = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("measured"),
    schedules: z.number().int().positive(),
    shards: z.number().int().positive(),
    /** Wall time of the engine's schedules on all shards, the workers already started with the engine loaded. */
    ms: Num,
    schedules_per_s: Num,
    /** Time the shards spent on the engine, summed. */
    busy_ms: Num,
    schedules_per_core_s: Num,
    violations: z.number().int(),
    /** Committed graph steps per schedule, both plays (null for an engine without graph steps). */
    graph_steps_per_schedule: Num.nullable(),
  }),
  Unmeasured,
]);
export type FaultThroughputEngine = z.infer<typeof FaultThroughputEngine>;

export const FaultThroughputSection = z.strictObject({
  definition: z.string(),
  seed: z.number().int(),
  engines: engineRecord(FaultThroughputEngine),
});
export type FaultThroughputSection = z.infer<typeof FaultThroughputSection>;
