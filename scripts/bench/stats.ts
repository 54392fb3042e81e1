/** Summaries of repeated samples: the median and its spread, rounded once so ratios can be recomputed from the JSON. */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { z } from "zod";

const Num = z.number().finite();

/** A summary as the report holds it: its writer and its readers share this one type. */
export const SummarySchema = z.strictObject({
  /** Number of samples. */
  n: z.number().int().positive(),
  median: Num,
  min: Num,
  max: Num,
  p25: Num,
  p75: Num,
  /** (p75 − p25) / median, in percent: how much the middle half of the samples disagrees. */
  iqr_pct: Num,
  samples: z.array(Num),
});
export type Summary = z.infer<typeof SummarySchema>;

/** Rounds to `digits` decimals (3 by default); every number in the report goes through this once. */
export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Linear-interpolated percentile of sorted values, p in [0, 100]. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error("percentile of no samples");
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (rank - lo);
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = round(percentile(sorted, 50));
  const p25 = round(percentile(sorted, 25));
  const p75 = round(percentile(sorted, 75));
  return {
    n: sorted.length,
    median,
    min: round(sorted[0] ?? 0),
    max: round(sorted.at(-1) ?? 0),
    p25,
    p75,
    iqr_pct: median === 0 ? 0 : round(((p75 - p25) / median) * 100, 1),
    samples: samples.map((s) => round(s)),
  };
}

/** a / b from the rounded medians, rounded: the JSON's ratios are recomputable from its own numbers. */
export function ratio(a: number, b: number): number {
  return b === 0 ? Number.POSITIVE_INFINITY : round(a / b);
}

/** The timed regions being recorded (`recordTimedSpans`), or null when no profile is being taken. */
let timedSpans: Span[] | null = null;

/**
 * High-resolution elapsed microseconds of a timed region that began at `start` (a
 * `process.hrtime.bigint()` reading). While a profile is being taken (`recordTimedSpans`), the
 * region is recorded, so the profile can keep what the clock timed and leave out the set-up around it.
 */
export function elapsedUs(start: bigint): number {
  const end = process.hrtime.bigint();
  timedSpans?.push({ start: Number(start / 1000n), end: Number(end / 1000n) });
  return Number(end - start) / 1000;
}

/** Elapsed microseconds of a stretch that is no measure (a calibration): never recorded as timed. */
export function untimedUs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1000;
}

/** Records a timed region measured elsewhere (the adapter's anchor times its own `invoke`). */
export function recordTimedSpan(span: Span): void {
  timedSpans?.push(span);
}

/** Starts recording the timed regions; the function returned stops and gives them, in the order they ended. */
export function recordTimedSpans(): () => readonly Span[] {
  const spans: Span[] = [];
  timedSpans = spans;
  return () => {
    if (timedSpans === spans) timedSpans = null;
    return spans;
  };
}

/** CPU microseconds (user + system) of this process since `start` (a `process.cpuUsage()` reading). */
export function cpuUs(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return d.user + d.system;
}

let gc: (() => void) | null | undefined;

/** A span of time in µs on the monotonic clock, the clock of a CPU profile's timestamps. */
export type Span = { readonly start: number; readonly end: number };

/** When the latest forced collections ran (bounded), so a profile can leave them out. */
const forced: Span[] = [];
const MAX_FORCED = 4096;

/**
 * Runs a full garbage collection between measures, so one measure's garbage is not billed to
 * the next. Uses node's --expose-gc when given, or turns the flag on at run time.
 */
export function collectGarbage(): boolean {
  if (gc === undefined) gc = findGc();
  if (gc === null) return false;
  const start = monotonicUs();
  gc();
  forced.push({ start, end: monotonicUs() });
  if (forced.length > MAX_FORCED) forced.shift();
  return true;
}

/**
 * The spans of the forced collections: a CPU profile files their samples under "(garbage
 * collector)" at its root, not under `collectGarbage`, so only their time tells them apart.
 */
export function forcedCollections(): readonly Span[] {
  return forced;
}

function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

function findGc(): (() => void) | null {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === "function") return exposed;
  try {
    setFlagsFromString("--expose-gc");
    const found: unknown = runInNewContext("gc");
    return typeof found === "function" ? (found as () => void) : null;
  } catch {
    return null;
  }
}
