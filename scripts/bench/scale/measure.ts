/**
 * The multi-worker figure: for every engine of SCALE_ENGINES and every worker count, a fresh scope on the one
 * Postgres, that many worker processes through the same sessions (scale/run.ts), then the world's effects counted
 * (scale/report.ts). Without a server every row is `not-measured`, with the reason.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isScaleEngine, type ScaleEngine, type ScalePlace } from "./engine.js";
import { SCALE_ENGINES, type ScaleEngineEntry } from "./engines.js";
import { summarizeRun, type ScaleEngineRow, type WorkerRun } from "./report.js";
import { runWorkers, type ScaleRunRecord } from "./run.js";

export type ScaleSettings = {
  /** Worker process counts, one run each. */
  readonly workers: readonly number[];
  /** Sessions per run, each with one high-risk call approved and run. */
  readonly sessions: number;
  /** Operations handed to a worker ahead of its answers. */
  readonly depth: number;
  readonly world_latency_ms: number;
  /** One more run at this many workers with every approval handed to two of them at once; null for none. */
  readonly redelivered_at: number | null;
};

export const SCALE_NOT_MEASURED =
  "AGENT_HARNESS_PG_URL is not set (the multi-worker figure needs one PostgreSQL server)";

export async function loadScaleEngine(module: string): Promise<ScaleEngine> {
  const loaded = ((await import(pathToFileURL(module).href)) as { scaleEngine?: unknown }).scaleEngine;
  if (!isScaleEngine(loaded)) throw new Error(`${module} exports no scaleEngine`);
  return loaded;
}

export type WorkersRun = {
  readonly engine: ScaleEngine;
  readonly url: string;
  /** The module each worker process runs (all the engine's own in the bench). */
  readonly workers: readonly string[];
  readonly sessions: number;
  readonly depth: number;
  readonly world_latency_ms: number;
  /** Each approval handed to two workers at once (scale/run.ts). @default false */
  readonly redeliver?: boolean;
  /** The run's scope, when the caller reads the engine's own tables under it afterwards; a fresh one by default. */
  readonly scope?: string;
};

/** One run on a fresh scope: the summary, and every operation as the parent saw it. */
export async function measureWorkers(run: WorkersRun): Promise<WorkerRun & { readonly run: ScaleRunRecord }> {
  const dir = mkdtempSync(join(tmpdir(), "agent-harness-scale-"));
  const place: ScalePlace = {
    url: run.url,
    scope: run.scope ?? `scale_${run.engine.id}_w${run.workers.length}_${randomBytes(4).toString("hex")}`,
    dir,
    world_latency_ms: run.world_latency_ms,
  };
  try {
    await run.engine.prepare(place);
    const { workers, sessions, depth } = run;
    const redeliver = run.redeliver === true;
    const record = await runWorkers({ place, workers, sessions, depth, redeliver });
    const effects = await run.engine.effects(place);
    return { ...summarizeRun(workers.length, redeliver ? 2 : 1, sessions, record, effects), run: record };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureScale(
  settings: ScaleSettings,
  url: string | undefined,
  log: (line: string) => void,
  engines: readonly ScaleEngineEntry[] = SCALE_ENGINES,
): Promise<ScaleEngineRow[]> {
  const rows: ScaleEngineRow[] = [];
  for (const entry of engines) {
    if (url === undefined) {
      rows.push({ id: entry.id, status: "not-measured", reason: SCALE_NOT_MEASURED });
      continue;
    }
    // A row whose module cannot load (a framework's adapter not installed) is not measured, with the reason.
    const engine = await loadScaleEngine(entry.module).catch((error: unknown) => String(error));
    if (typeof engine === "string") {
      rows.push({ id: entry.id, status: "not-measured", reason: `its module did not load: ${engine.split("\n")[0]}` });
      continue;
    }
    const runs: WorkerRun[] = [];
    const plan = [
      ...settings.workers.map((w) => ({ w, redeliver: false })),
      ...(settings.redelivered_at === null ? [] : [{ w: settings.redelivered_at, redeliver: true }]),
    ];
    for (const { w, redeliver } of plan) {
      log(`scale: ${entry.id}, ${w} worker(s), ${settings.sessions} sessions${redeliver ? ", approvals twice" : ""}`);
      const { run: _, ...summary } = await measureWorkers({
        engine,
        url,
        workers: Array.from({ length: w }, () => entry.module),
        sessions: settings.sessions,
        depth: settings.depth,
        world_latency_ms: settings.world_latency_ms,
        redeliver,
      });
      const { effects: e } = summary;
      log(
        `scale: ${entry.id} w=${w}: ${summary.sessions_per_s} sessions/s, call p50 ${summary.call_ms.p50} ms p99 ${summary.call_ms.p99} ms, ${e.duplicated} duplicated, ${e.lost} lost`,
      );
      runs.push(summary);
    }
    rows.push({ id: entry.id, version: engine.version, status: "measured", runs });
  }
  return rows;
}
