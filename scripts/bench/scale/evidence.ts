/**
 * The multi-worker figure's evidence (evidence/bench-scale-v1.json), written by `npm run bench` after the stores and
 * by `npm run bench -- --part scale` alone: per engine of SCALE_ENGINES and per worker count, sessions per second,
 * p50/p99 per call and the world's duplicated and lost effects; `not-measured` with the reason without a server.
 */
import { loadavg } from "node:os";
import { z } from "zod";
import { writeFilesAtomically, type OutputError } from "../../../cli/index.js";
import { err, ok, type Result } from "../../../contract/index.js";
import { machineInfo } from "../machine.js";
import { measureScale, type ScaleSettings } from "./measure.js";
import { SCALE_BENCH_SCHEMA, ScaleEngineRowSchema } from "./report.js";

const BOTH = { depth: 2, world_latency_ms: 5, redelivered_at: 4 } as const;
export const FULL_SCALE: ScaleSettings = { workers: [1, 2, 4], sessions: 200, ...BOTH };
// A quick run shows the figure's shape only (test/bench/scale.test.ts lands calls with more workers).
export const QUICK_SCALE: ScaleSettings = { workers: [1, 2], sessions: 12, ...BOTH, redelivered_at: null };

const WHAT =
  "W worker processes (forked, each with its own connection) on one Postgres database and one scope; every session calls publish_report (high risk) once: started by one worker until it waits for approval, approved with a real token by another worker (which runs the call), resumed by another again. sessions_per_s over the run's wall time (workers already open); ops_ms and call_ms (approve + resume) measured in the worker around the engine's call; effects counted from the world's effect log per key, never from the workers' answers.";

export const ScaleBenchReportSchema = z.strictObject({
  schema: z.literal(SCALE_BENCH_SCHEMA),
  command: z.string(),
  what: z.string(),
  settings: z.strictObject({
    workers: z.array(z.number().int().positive()),
    sessions: z.number().int().positive(),
    depth: z.number().int().positive(),
    world_latency_ms: z.number().int().nonnegative(),
    redelivered_at: z.number().int().min(3).nullable(),
  }),
  machine: z.record(z.string(), z.unknown()),
  load_average: z.strictObject({ before: z.number(), after: z.number() }),
  engines: z.array(ScaleEngineRowSchema),
});
export type ScaleBenchReport = z.infer<typeof ScaleBenchReportSchema>;

export type ScaleBenchRun = { readonly quick: boolean; readonly output: string; readonly command: string };

export async function writeScaleBench(
  run: ScaleBenchRun,
  log: (line: string) => void,
): Promise<Result<ScaleBenchReport, OutputError>> {
  const settings = run.quick ? QUICK_SCALE : FULL_SCALE;
  const before = loadavg()[0] ?? 0;
  const engines = await measureScale(settings, process.env["AGENT_HARNESS_PG_URL"] || undefined, log);
  const report = ScaleBenchReportSchema.parse({
    schema: SCALE_BENCH_SCHEMA,
    command: run.command,
    what: WHAT,
    settings,
    machine: machineInfo(false),
    load_average: { before, after: loadavg()[0] ?? 0 },
    engines,
  });
  const written = writeFilesAtomically([{ path: run.output, text: `${JSON.stringify(report, null, 2)}\n` }]);
  if (!written.ok) return err({ ...written.error, message: `cannot write ${run.output}: ${written.error.message}` });
  for (const row of engines) if (row.status === "not-measured") log(`scale: ${row.id} not measured: ${row.reason}`);
  return ok(report);
}
