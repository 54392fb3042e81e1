/**
 * The benchmark's JSON evidence, as a zod schema: the bench writes through it and the tests read
 * the committed file with it. Targets are recorded with whether they were met; nothing here
 * fails a run for being slow.
 */
import { GoalSchema } from "./goal.js";
import { z } from "zod";
import {
  AdapterOverheadSection,
  FaultThroughputSection,
  GrowthSection,
  SessionLengthSection,
  StepSection,
} from "./sections.js";
import { CliRefusalSection, ComparisonSection, McpSection } from "./sections-services.js";
import { WebBundleSectionSchema } from "./web-bundle.js";
import { TestTierSection } from "./test-tier-schema.js";

export const BENCH_SCHEMA = "agent-harness.bench.v3";
export const TARGETS = Object.freeze({ handwritten_vs_floor_max: 3, local_vs_handwritten_max: 1.5 });

const Num = z.number().finite();

/** `ratio` and `met` use the wall-clock medians; `cpu_ratio` and `met_by_cpu` the CPU-time medians. */
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
  comparison: ComparisonSection,
  cli_refusal: CliRefusalSection,
  web_bundle: WebBundleSectionSchema,
  /** Optional only while the committed evidence predates it (a quick run never measures it). */
  test_tier: TestTierSection.optional(),
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
export function targetsOf(steps: StepSection): BenchReport["targets"] {
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
