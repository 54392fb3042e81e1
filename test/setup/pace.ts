/**
 * How fast this machine runs right now, against the machine the limits were set on, so that a limit on
 * wall time scales with it instead of failing a correct test on a busy machine. The configuration measures
 * once (a fixed hashing workload, median of five) and hands the figures to every worker in the environment;
 * `paced(ms)` is a test's limit scaled by them, and a limit that fires says the machine was too slow, with
 * the numbers, measured again at that moment.
 */
import { createHash } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";

export const PACE_ENV = "AGENT_HARNESS_PACE";
/** The workload's median on an idle two-core machine (2026-12, the project's CI shape), in ms. */
export const REFERENCE_MS = 45;

export type Pace = {
  readonly measured_ms: number;
  readonly reference_ms: number;
  readonly load: number;
  readonly cores: number;
  /** How many times longer than on the reference machine things take here: at least 1. */
  readonly factor: number;
};

/** Hashes 48 MiB in a chain (native sha256): CPU time only, no allocation to speak of. */
function workload(): number {
  const block = Buffer.alloc(1 << 20, 7);
  const start = performance.now();
  let digest: Buffer = block;
  for (let i = 0; i < 48; i++) digest = createHash("sha256").update(block).update(digest).digest();
  return performance.now() - start;
}

/** `workers`: how many test files run at once; more than the cores share them, and each one's limits stretch alike. */
export function measurePace(workers = 0): Pace {
  const runs = Array.from({ length: 5 }, workload).sort((a, b) => a - b);
  const measured = runs[2] ?? REFERENCE_MS;
  const cores = availableParallelism();
  const load = loadavg()[0] ?? 0;
  // A workload this short can miss a load that comes and goes; the run queue per core counts too.
  const factor = Math.max(1, measured / REFERENCE_MS, load / cores) * Math.max(1, workers / cores);
  return { measured_ms: round(measured), reference_ms: REFERENCE_MS, load: round(load), cores, factor: round(factor) };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The pace the configuration measured (handed down in the environment), or a fresh measure. */
export function currentPace(env: NodeJS.ProcessEnv = process.env): Pace {
  const given = env[PACE_ENV];
  if (given !== undefined && given !== "") return JSON.parse(given) as Pace;
  return measurePace();
}

/** A limit of `ms` on the reference machine, scaled to this one. */
export const paced = (ms: number, pace: Pace = currentPace()): number => Math.ceil(ms * pace.factor);

/** Why a limit fired: the figures at the start of the run and now. */
export function tooSlow(limitMs: number, start: Pace = currentPace(), now: Pace = measurePace()): string {
  const figures = (p: Pace) =>
    `workload ${p.measured_ms} ms (reference ${p.reference_ms} ms), load ${p.load} on ${p.cores} cores, factor ${p.factor}`;
  return (
    `the machine was too slow for a limit of ${limitMs} ms (scaled by the run's pace): at the start ${figures(start)}; ` +
    `now ${figures(now)}. A correct test can exceed a limit when other work takes the cores: run it again on a quieter machine.`
  );
}
