/**
 * The benchmark's JSON evidence, as a zod schema: the bench writes through it and the tests read
 * the committed file with it. Targets are recorded with whether they were met; nothing here
 * fails a run for being slow.
 */
import { GoalSchema } from "./goal.js";
import { z } from "zod";
import { BUILT_IN_ENGINE_IDS as ENGINE_IDS } from "../../scenarios/index.js";
import { ANCHOR_ID } from "./session-length.js";
import { SummarySchema } from "./stats.js";
import { NOT_MEASURED, type StepSection as Steps } from "./steps.js";
import { WebBundleSectionSchema } from "./web-bundle.js";

export const BENCH_SCHEMA = "agent-harness.bench.v3";
export const TARGETS = Object.freeze({ handwritten_vs_floor_max: 3, local_vs_handwritten_max: 1.5 });

const NotMeasured = z.literal(NOT_MEASURED);
const Num = z.number().finite();

const engineRecord = <T extends z.ZodType>(value: T) =>
  z.strictObject(Object.fromEntries(ENGINE_IDS.map((id) => [id, value])) as Record<(typeof ENGINE_IDS)[number], T>);

const EngineStep = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("measured"),
    version: z.string(),
    passes_per_sample: z.number().int().positive(),
    us_per_step: SummarySchema,
    cpu_us_per_step: SummarySchema,
    graph_steps_per_pass: z.number().int().nullable(),
    us_per_graph_step: Num.nullable(),
    ratio_to_floor: Num,
    ratio_to_handwritten: Num.nullable(),
    cpu_ratio_to_floor: Num,
    cpu_ratio_to_handwritten: Num.nullable(),
  }),
  z.strictObject({ status: NotMeasured, reason: z.string() }),
]);

const StepSection = z.strictObject({
  definition: z.string(),
  scenarios: z.array(z.string()).min(1),
  excluded: z.array(z.strictObject({ name: z.string(), reason: z.string() })),
  steps_per_pass: z.number().int().positive(),
  traces_identical: z.boolean(),
  trace_mismatches: z.array(z.string()),
  floor: z.strictObject({
    definition: z.string(),
    items_per_pass: z.number().int().positive(),
    passes_per_sample: z.number().int().positive(),
    us_per_step: SummarySchema,
    cpu_us_per_step: SummarySchema,
  }),
  engines: engineRecord(EngineStep),
  per_scenario: z.array(
    z.strictObject({
      name: z.string(),
      steps: z.number().int(),
      mean_us_per_step: z.record(z.string(), Num.nullable()),
    }),
  ),
});

const GrowthPoint = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("measured"),
    requested: z.number().int().positive(),
    checkpoints_before_run: z.strictObject({ min: z.number().int(), max: z.number().int() }),
    capped: z.boolean(),
    fill_ms: Num,
    steps_per_run: z.number().int().positive(),
    us_per_step: SummarySchema,
    ratio_to_smallest: Num.nullable(),
    note: z.string().nullable(),
  }),
  z.strictObject({ status: NotMeasured, requested: z.number().int().positive(), reason: z.string() }),
]);

const GrowthSection = z.strictObject({
  definition: z.string(),
  sizes: z.array(z.number().int().positive()).min(1),
  engines: engineRecord(
    z.union([
      z.strictObject({ store: z.string(), points: z.array(GrowthPoint) }),
      z.strictObject({ status: NotMeasured, reason: z.string() }),
    ]),
  ),
});

const SessionPoint = z.strictObject({
  calls: z.number().int().positive(),
  seeded_calls: z.number().int().nonnegative(),
  facts_per_run: z.number().int().positive(),
  graph_steps_per_run: z.number().int().positive().nullable(),
  runs_per_sample: z.number().int().positive(),
  us_per_fact: SummarySchema,
  cpu_us_per_fact: SummarySchema,
  us_per_graph_step: SummarySchema.nullable(),
  same_final_hash: z.boolean().nullable(),
  hashing_per_fact: z.strictObject({ digests: Num, chars: Num }).nullable(),
});

const SessionEngine = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("measured"), points: z.array(SessionPoint) }),
  z.strictObject({ status: NotMeasured, reason: z.string() }),
]);

const SessionLengthSection = z.strictObject({
  definition: z.string(),
  tool: z.string(),
  sizes: z.array(z.number().int().positive()).min(1),
  timed_calls: z.number().int().positive(),
  engines: z.strictObject({
    ...Object.fromEntries(ENGINE_IDS.map((id) => [id, SessionEngine])),
    [ANCHOR_ID]: SessionEngine,
  } as Record<(typeof ENGINE_IDS)[number] | typeof ANCHOR_ID, typeof SessionEngine>),
});

const AdapterOverheadSection = z.strictObject({
  definition: z.string(),
  points: z.array(
    z.strictObject({
      calls: z.number().int().positive(),
      adapter_us_per_graph_step: Num,
      bare_us_per_graph_step: Num,
      ratio: Num,
      paired_ratios: SummarySchema,
    }),
  ),
});

const FaultThroughputSection = z.strictObject({
  definition: z.string(),
  seed: z.number().int(),
  engines: engineRecord(
    z.discriminatedUnion("status", [
      z.strictObject({
        status: z.literal("measured"),
        schedules: z.number().int().positive(),
        shards: z.number().int().positive(),
        ms: Num,
        schedules_per_s: Num,
        busy_ms: Num,
        schedules_per_core_s: Num,
        violations: z.number().int(),
      }),
      z.strictObject({ status: NotMeasured, reason: z.string() }),
    ]),
  ),
});

const Transport = z.enum(["in_memory", "stdio"]);
const ServerKind = z.enum(["project", "bare_sdk"]);
const McpSection = z.strictObject({
  definition: z.string(),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  results: z
    .array(
      z.discriminatedUnion("status", [
        z.strictObject({
          status: z.literal("measured"),
          transport: Transport,
          server: ServerKind,
          calls: z.number().int().positive(),
          warmup: z.number().int(),
          median_us: Num,
          p99_us: Num,
          mean_us: Num,
          min_us: Num,
          max_us: Num,
          connect_ms: Num,
          protocol_version: z.string().nullable(),
        }),
        z.strictObject({ status: NotMeasured, transport: Transport, server: ServerKind, reason: z.string() }),
      ]),
    )
    .length(4),
  project_overhead_us: z.strictObject({ in_memory: Num.nullable(), stdio: Num.nullable() }),
});

const ComparisonRun = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("measured"),
    command: z.string(),
    runs: z.number().int().positive(),
    exit_codes: z.array(z.number().int()),
    wall_ms: SummarySchema,
    max_rss_mib: SummarySchema,
    rss_source: z.string(),
    processes_per_run: z.number().int().positive(),
  }),
  z.strictObject({ status: NotMeasured, command: z.string(), reason: z.string() }),
]);

/** `ratio` and `met` use the wall-clock medians; `cpu_ratio` and `met_by_cpu` the CPU-time medians. */
/** How long each entry point takes to refuse bad input (scripts/bench/cli-refusal.ts). */
export const CliRefusalSection = z.strictObject({
  definition: z.string(),
  tsx_floor_ms: SummarySchema,
  cases: z.array(
    z.strictObject({ script: z.string(), code: z.string(), refused: z.boolean(), wall_ms: SummarySchema }),
  ),
  worst_ms: Num,
  worst_case: z.string(),
  all_refused: z.boolean(),
});
export type CliRefusalSection = z.infer<typeof CliRefusalSection>;

const Target = z.strictObject({
  ratio: Num.nullable(),
  cpu_ratio: Num.nullable(),
  max: Num,
  met: z.boolean().nullable(),
  met_by_cpu: z.boolean().nullable(),
  from: z.string(),
});

export const BenchReport = z.strictObject({
  schema: z.literal(BENCH_SCHEMA),
  mode: z.enum(["full", "quick"]),
  generated_at: z.string(),
  commit: z.string().nullable(),
  duration_s: Num,
  machine: z.strictObject({
    cpu_model: z.string(),
    cores: z.number().int().positive(),
    memory_gib: Num,
    node: z.string(),
    v8: z.string(),
    platform: z.string(),
    arch: z.string(),
    os_release: z.string(),
    gc_between_measures: z.boolean(),
  }),
  /** 1-, 5- and 15-minute load averages when the run began and ended: other work on the machine shows here. */
  load_average: z.strictObject({ start: z.array(Num).length(3), end: z.array(Num).length(3) }),
  settings: z.record(z.string(), z.unknown()),
  step_overhead: StepSection,
  growth: GrowthSection,
  session_length: SessionLengthSection,
  adapter_overhead: AdapterOverheadSection,
  fault_throughput: FaultThroughputSection,
  mcp: McpSection,
  comparison: z.strictObject({
    definition: z.string(),
    frameworks: z.strictObject({ local_state_graph: ComparisonRun, langgraph: ComparisonRun }),
  }),
  cli_refusal: CliRefusalSection,
  web_bundle: WebBundleSectionSchema,
  targets: z.strictObject({
    handwritten_vs_floor_max: z.literal(TARGETS.handwritten_vs_floor_max),
    local_vs_handwritten_max: z.literal(TARGETS.local_vs_handwritten_max),
    handwritten_vs_floor: Target,
    local_vs_handwritten: Target,
  }),
  /** The goals of issue #14, each with its value from this run and whether it was met. */
  goals: z.array(GoalSchema),
});
export type BenchReport = z.infer<typeof BenchReport>;

/** The targets, read from the step measure: a ratio and whether it is within its maximum (null when not measured). */
export function targetsOf(steps: Steps): BenchReport["targets"] {
  const hw = steps.engines.handwritten;
  const local = steps.engines.local_state_graph;
  const target = (wall: number | null, cpu: number | null, max: number, from: string) => ({
    ratio: wall,
    cpu_ratio: cpu,
    max,
    met: wall === null ? null : wall <= max,
    met_by_cpu: cpu === null ? null : cpu <= max,
    from,
  });
  return {
    ...TARGETS,
    handwritten_vs_floor: target(
      hw.status === "measured" ? hw.ratio_to_floor : null,
      hw.status === "measured" ? hw.cpu_ratio_to_floor : null,
      TARGETS.handwritten_vs_floor_max,
      "step_overhead.engines.handwritten.ratio_to_floor (cpu_ratio: cpu_ratio_to_floor)",
    ),
    local_vs_handwritten: target(
      local.status === "measured" ? local.ratio_to_handwritten : null,
      local.status === "measured" ? local.cpu_ratio_to_handwritten : null,
      TARGETS.local_vs_handwritten_max,
      "step_overhead.engines.local_state_graph.ratio_to_handwritten (cpu_ratio: cpu_ratio_to_handwritten)",
    ),
  };
}
