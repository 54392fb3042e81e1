/**
 * tsx scripts/fault-schedules.ts [--schedules N] [--seed S] [--only I] [--shards K] [--output PATH]
 * Runs seeded random fault schedules on every engine that loads and writes the tally as JSON.
 * Exit 0 with no violations, 1 with any, 2 on bad usage, 4 when the output cannot be written, 5 when the
 * store cannot be opened. This file checks the command line; the run (faults/play-schedules.ts) loads after.
 */
import { pathToFileURL } from "node:url";
import { parseFlags, wholeNumber } from "../cli/index.js";
import { STORE_ENV } from "../durable/spec.js";
import { DEFAULT_SCHEDULES, DEFAULT_SEED, defaultShards } from "../cli/schedule-defaults.js";
import { loadRun } from "../durable/load-run.js";

/** Ten million schedules is hours of work; more is a typo, not a run. */
export const MAX_SCHEDULES = 10_000_000;
/** Each shard is a thread with its own copy of every engine; hundreds would be a typo too. */
export const MAX_SHARDS = 256;

const USAGE = `Usage: tsx scripts/fault-schedules.ts [--schedules N] [--seed S] [--only I] [--shards K] [--output PATH] [--store SPEC]

Plays N seeded random schedules (planner routes, faults, approvals, crashes) on the handwritten
engine, the local state graph and LangGraph, and checks the contract's invariants on each.
Defaults: --schedules ${DEFAULT_SCHEDULES} --seed ${DEFAULT_SEED}. --only I replays schedule I of the seed.
--shards K plays on K worker threads (default: one per core, here ${defaultShards()}; 1 plays in this
thread); the report is the same byte for byte whatever K is. A --store other than memory plays in one thread.
--store memory (default) | sqlite:PATH | postgres:URL (or ${STORE_ENV}): where the stores live.
--schedules is from 1 (a run of nothing proves nothing) to ${MAX_SCHEDULES}; --only is below ${MAX_SCHEDULES};
--shards is from 1 to ${MAX_SHARDS}.

Exit codes: 0 no violation, 1 a violation, 2 bad usage (unknown flag, a flag given twice or empty, a
value that is not a whole number or out of range), 4 I/O failure (--output cannot be written), 5 the
store cannot be opened.`;

export async function main(argv: readonly string[]): Promise<number> {
  const usage = (e: { message: string; code: string }) => {
    process.stderr.write(`fault-schedules: ${e.message} (${e.code})\n\n${USAGE}\n`);
    return 2;
  };
  const flags = parseFlags(argv, {
    schedules: { type: "string" },
    seed: { type: "string" },
    only: { type: "string" },
    output: { type: "string" },
    help: { type: "boolean" },
    store: { type: "string" },
    shards: { type: "string" },
  });
  if (!flags.ok) return usage(flags.error);
  const { values } = flags.value;
  if (values.help === true) return (void process.stdout.write(`${USAGE}\n`), 0);
  const schedules = wholeNumber("schedules", values.schedules, {
    min: 1,
    max: MAX_SCHEDULES,
    fallback: DEFAULT_SCHEDULES,
  });
  if (!schedules.ok) return usage(schedules.error);
  const seed = wholeNumber("seed", values.seed, { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: DEFAULT_SEED });
  if (!seed.ok) return usage(seed.error);
  const only = wholeNumber("only", values.only, { min: 0, max: MAX_SCHEDULES - 1, fallback: -1 });
  if (!only.ok) return usage(only.error);
  const shards = wholeNumber("shards", values.shards, { min: 1, max: MAX_SHARDS, fallback: 0 });
  if (!shards.ok) return usage(shards.error);
  const { playSchedules } = await loadRun(() => import("./faults/play-schedules.js"));
  return playSchedules({
    schedules: schedules.value,
    seed: seed.value,
    only: only.value === -1 ? undefined : only.value,
    output: values.output,
    store: values.store,
    shards: shards.value === 0 ? undefined : shards.value,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
