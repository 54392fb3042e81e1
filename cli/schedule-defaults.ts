/** A fault schedule run's defaults (scenarios/faults/run.ts), apart from the players so a command can print them before it loads an engine. */
import { availableParallelism } from "node:os";

/** @default 5000 schedules per engine in CI */
export const DEFAULT_SCHEDULES = 5000;
export const DEFAULT_SEED = 13;

/** One shard per core: what a run uses when it is not told otherwise. */
export const defaultShards = (): number => availableParallelism();
