/** A fault schedule run's defaults (scenarios/faults/run.ts), apart from the players so a command can print them before it loads an engine. */
import { availableParallelism } from "node:os";

/**
 * Schedules per engine in the heavy tier. 2,000 (6,000 in all) keeps CI's fault suite near a minute of two
 * cores: a LangGraph schedule takes about 50 ms of one core (npm run bench, measure 4); more with
 * `npm run faults -- --schedules N` or `FAULT_SCHEDULES=N`.
 * @default 2000
 */
export const DEFAULT_SCHEDULES = 2000;
export const DEFAULT_SEED = 13;

/** One shard per core: what a run uses when it is not told otherwise. */
export const defaultShards = (): number => availableParallelism();
