/** The shapes of the sections of the measures around the engines (MCP, compare, refusals); see sections.ts. */
import { z } from "zod";
import { NOT_MEASURED } from "./sections.js";
import { SummarySchema } from "./stats.js";

const NotMeasured = z.literal(NOT_MEASURED);
const Num = z.number().finite();

export const Transport = z.enum(["in_memory", "stdio"]);
export type Transport = z.infer<typeof Transport>;
export const ServerKind = z.enum(["project", "bare_sdk"]);
export type ServerKind = z.infer<typeof ServerKind>;

export const LatencyResult = z.discriminatedUnion("status", [
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
    /** Spawn (stdio) or link (in memory) plus `initialize`, once, before any call. */
    connect_ms: Num,
    protocol_version: z.string().nullable(),
  }),
  z.strictObject({ status: NotMeasured, transport: Transport, server: ServerKind, reason: z.string() }),
]);
export type LatencyResult = z.infer<typeof LatencyResult>;

export const McpSection = z.strictObject({
  definition: z.string(),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  results: z.array(LatencyResult).length(4),
  /** Project median minus bare median, per transport, when both were measured. */
  project_overhead_us: z.strictObject({ in_memory: Num.nullable(), stdio: Num.nullable() }),
});
export type McpSection = z.infer<typeof McpSection>;

export const ComparisonRun = z.discriminatedUnion("status", [
  z.strictObject({
    status: z.literal("measured"),
    command: z.string(),
    runs: z.number().int().positive(),
    exit_codes: z.array(z.number().int()),
    wall_ms: SummarySchema,
    /** Peak resident set of the largest node process of each run, MiB. */
    max_rss_mib: SummarySchema,
    /** Where the peak came from: /proc/self/status VmHWM (Linux) or process.resourceUsage().maxRSS. */
    rss_source: z.string(),
    /** Node processes that reported a maxRSS per run (the tsx launcher and the one running compare.ts). */
    processes_per_run: z.number().int().positive(),
  }),
  z.strictObject({ status: NotMeasured, command: z.string(), reason: z.string() }),
]);
export type ComparisonRun = z.infer<typeof ComparisonRun>;

export const ComparisonSection = z.strictObject({
  definition: z.string(),
  frameworks: z.strictObject({ local_state_graph: ComparisonRun, langgraph: ComparisonRun }),
});
export type ComparisonSection = z.infer<typeof ComparisonSection>;

/** How long each entry point takes to refuse bad input (scripts/bench/cli-refusal.ts). */
export const CliRefusalSection = z.strictObject({
  definition: z.string(),
  /** node starting an empty script without tsx: the part of tsx's floor that is node's own start. */
  node_floor_ms: SummarySchema,
  tsx_floor_ms: SummarySchema,
  cases: z.array(
    z.strictObject({ script: z.string(), code: z.string(), refused: z.boolean(), wall_ms: SummarySchema }),
  ),
  worst_ms: Num,
  worst_case: z.string(),
  all_refused: z.boolean(),
});
export type CliRefusalSection = z.infer<typeof CliRefusalSection>;
