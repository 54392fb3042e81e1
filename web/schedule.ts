/**
 * The seeded fault schedule: a PRNG decides, per executor call, whether the fixture world plays
 * a transient fault ("connection refused before dispatch") on that call. The same seed and rate
 * give the same schedule, so every run of the page can be reproduced, in a browser or in Node.
 */
import type { ToolContext } from "../contract/index.js";
import type { FixtureWorld } from "../handwritten/fixtures/index.js";

/** The largest seed; seeds are unsigned 32-bit integers. */
export const MAX_SEED = 0xffff_ffff;

/** mulberry32: a small, well-known 32-bit PRNG. Returns draws in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One decision of the schedule: the n-th executor call (1-based), its draw and whether it faults. */
export type FaultDraw = {
  readonly call: number;
  readonly tool: string;
  readonly idempotency_key: string;
  readonly draw: number;
  readonly fault: boolean;
};

export type FaultSchedule = {
  readonly seed: number;
  /** Failure rate in percent, 0 to 100. */
  readonly ratePercent: number;
  /** Decides the next executor call. */
  next(tool: string, idempotency_key: string): FaultDraw;
  readonly draws: readonly FaultDraw[];
};

export function createFaultSchedule(seed: number, ratePercent: number): FaultSchedule {
  if (!isSeed(seed)) throw new RangeError(`seed must be an integer from 0 to ${MAX_SEED}, got ${seed}`);
  if (!isRatePercent(ratePercent))
    throw new RangeError(`failure rate must be a percentage from 0 to 100, got ${ratePercent}`);
  const random = mulberry32(seed);
  const draws: FaultDraw[] = [];
  return {
    seed,
    ratePercent,
    draws,
    next(tool, idempotency_key) {
      const draw = random();
      // draw < rate: 0% never faults, 100% always does.
      const entry = { call: draws.length + 1, tool, idempotency_key, draw, fault: draw * 100 < ratePercent };
      draws.push(entry);
      return entry;
    },
  };
}

/**
 * The fixture world as the tools see it: before every executor call the schedule is drawn and,
 * on a fault, one transient fault for that tool is injected into the real world, which then
 * plays it on this very call. Everything else is the world itself.
 */
export function withFaultSchedule(world: FixtureWorld, schedule: FaultSchedule): FixtureWorld {
  return {
    ...world,
    perform<T>(tool: string, ctx: ToolContext, effect: () => T): Promise<T> {
      if (schedule.next(tool, ctx.idempotencyKey).fault) world.inject({ tool, kind: "transient", times: 1 });
      return world.perform(tool, ctx, effect);
    },
  };
}

export function isSeed(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= MAX_SEED;
}

export function isRatePercent(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= 100;
}
