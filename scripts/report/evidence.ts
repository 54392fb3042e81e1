/**
 * Reads the evidence the report draws, and nothing else: the newest version of each file, parsed
 * with schemas that name only the fields the report shows (the files' own schemas are stricter and
 * live with the scripts that write them). A file absent is `null`, and the page says so.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

const Stats = z.object({ median: z.number() });
const Holds = z.object({ handwritten: z.boolean(), framework: z.boolean().nullable() });

export const ComparisonRow = z.object({
  name: z.string(),
  summary: z.string(),
  expected: z.string(),
  holds: Holds,
  violations: z.object({ handwritten: z.array(z.string()), framework: z.array(z.string()) }).optional(),
  /** Optional until the comparison records it; the report classifies by name meanwhile. */
  family: z.string().optional(),
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

/** One evidence file as the report read it. */
export type Read<T> = { readonly file: string; readonly data: T };

export type ReportEvidence = {
  readonly comparisons: readonly (Read<Comparison> & { readonly diagram: string | null })[];
  readonly bench: Read<Bench> | null;
  readonly faults: Read<FaultSchedules> | null;
  readonly stores: Read<StoreFaults> | null;
  readonly benchStores: Read<BenchStores> | null;
  readonly crashes: Read<Crashes> | null;
  readonly runtime: Read<RuntimeRecord> | null;
  readonly frameworkMatrix: Read<unknown> | null;
};

/** The newest version of each `<stem>-v<N>.json` in `dir` whose stem matches. */
export function newestVersions(files: readonly string[], stem: RegExp): string[] {
  const newest = new Map<string, { file: string; version: number }>();
  for (const file of files) {
    const match = /^(.*)-v(\d+)\.json$/.exec(file);
    if (match === null || !stem.test(match[1] ?? "")) continue;
    const [key, version] = [match[1] ?? "", Number(match[2])];
    if ((newest.get(key)?.version ?? -1) < version) newest.set(key, { file, version });
  }
  return [...newest.values()].map((entry) => entry.file).sort();
}

export function readEvidence(dir: string): ReportEvidence {
  const files = readdirSync(dir);
  const parse = <T>(schema: z.ZodType<T>, file: string): Read<T> => {
    const parsed = schema.safeParse(JSON.parse(readFileSync(join(dir, file), "utf8")));
    if (!parsed.success)
      throw new Error(`report: ${file} is not the evidence the report reads: ${parsed.error.message}`);
    return { file, data: parsed.data };
  };
  const one = <T>(schema: z.ZodType<T>, stem: RegExp): Read<T> | null => {
    const file = newestVersions(files, stem).at(-1);
    return file === undefined ? null : parse(schema, file);
  };
  const comparisons = newestVersions(files, /^13-framework-comparison-/).map((file) => {
    const read = parse(Comparison, file);
    const shape = read.data.graph;
    const mmd = typeof shape === "string" || shape.diagram === null ? null : join(dir, shape.diagram);
    return { ...read, diagram: mmd !== null && existsSync(mmd) ? readFileSync(mmd, "utf8") : null };
  });
  const matrix = join(dir, "framework-matrix-v1.json");
  return {
    comparisons,
    bench: one(Bench, /^bench$/),
    faults: one(FaultSchedules, /^fault-schedules$/),
    stores: one(StoreFaults, /^fault-stores$/),
    benchStores: one(BenchStores, /^bench-stores$/),
    crashes: one(Crashes, /^fault-crashes$/),
    runtime: one(RuntimeRecord, /^13-runtime$/),
    frameworkMatrix: existsSync(matrix)
      ? { file: "framework-matrix-v1.json", data: JSON.parse(readFileSync(matrix, "utf8")) as unknown }
      : null,
  };
}
