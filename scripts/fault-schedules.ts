/**
 * tsx scripts/fault-schedules.ts [--schedules N] [--seed S] [--only I] [--output PATH]
 * Runs seeded random fault schedules on every engine that loads and writes the tally as JSON.
 * Exit 0 with no violations, 1 with any, 2 on bad usage, 4 when the output cannot be written, 5 when the
 * store cannot be opened.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loadEngines, measuredEngines } from "../scenarios/index.js";
import { openStoreOption, STORE_ENV, type StoreOption, writeFilesAtomically } from "../durable/index.js";
import { DEFAULT_SCHEDULES, DEFAULT_SEED, runSchedules } from "./faults/run.js";

const USAGE = `Usage: tsx scripts/fault-schedules.ts [--schedules N] [--seed S] [--only I] [--output PATH] [--store SPEC]

Plays N seeded random schedules (planner routes, faults, approvals, crashes) on the handwritten
engine, the local state graph and LangGraph, and checks the contract's invariants on each.
Defaults: --schedules ${DEFAULT_SCHEDULES} --seed ${DEFAULT_SEED}. --only I replays schedule I of the seed.
--store memory (default) | sqlite:PATH | postgres:URL (or ${STORE_ENV}): where the stores live.
--schedules is at least 1: a run of nothing proves nothing.

Exit codes: 0 no violation, 1 a violation, 2 bad usage (unknown flag, a value that is not a whole
number, --schedules 0 or empty), 4 I/O failure (--output cannot be written), 5 the store cannot be opened.`;

export async function main(argv: readonly string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        schedules: { type: "string" },
        seed: { type: "string" },
        only: { type: "string" },
        output: { type: "string" },
        help: { type: "boolean" },
        store: { type: "string" },
      },
      strict: true,
    }));
  } catch (e) {
    process.stderr.write(`fault-schedules: ${(e as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values["help"] === true) return (void process.stdout.write(`${USAGE}\n`), 0);
  const int = (name: string, fallback: number | undefined) => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    // Number("") and Number(" ") are 0: an empty value is a usage error, not zero.
    if (typeof raw !== "string" || !/^\d+$/.test(raw)) return Number.NaN;
    return Number(raw);
  };
  const schedules = int("schedules", DEFAULT_SCHEDULES) ?? DEFAULT_SCHEDULES;
  const seed = int("seed", DEFAULT_SEED) ?? DEFAULT_SEED;
  const only = int("only", undefined);
  if ([schedules, seed, only ?? 0].some(Number.isNaN) || !Number.isSafeInteger(seed)) {
    process.stderr.write(`fault-schedules: --schedules, --seed and --only take whole numbers\n\n${USAGE}\n`);
    return 2;
  }
  if (schedules < 1) {
    process.stderr.write(`fault-schedules: --schedules must be at least 1\n\n${USAGE}\n`);
    return 2;
  }
  const store = openStoreOption(values["store"] as string | undefined, "faults", process.env);
  if (!store.ok) {
    process.stderr.write(`fault-schedules: ${store.error.message}\n`);
    return store.error.code === "store_bad_spec" ? 2 : 5;
  }
  try {
    return await run(schedules, seed, only, values["output"], store.value);
  } finally {
    store.value.close();
  }
}

async function run(
  schedules: number,
  seed: number,
  only: number | undefined,
  output: unknown,
  store: StoreOption,
): Promise<number> {
  const engines = await loadEngines();
  for (const slot of engines)
    if (slot.status === "not-measured") process.stderr.write(`${slot.id} not measured: ${slot.reason}\n`);
  const factories = measuredEngines(engines).map((slot) => slot.factory);
  const report = await runSchedules(factories, {
    seed,
    schedules,
    ...(only === undefined ? {} : { only }),
    progress: (m) => process.stderr.write(`… ${m}\n`),
    ...(store.environment === undefined ? {} : { stores: { environment: store.environment } }),
  });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (typeof output === "string") {
    const written = writeFilesAtomically([{ path: output, text: json }]);
    if (!written.ok) {
      process.stderr.write(`fault-schedules: cannot write ${output}: ${written.error}\n`);
      return 4;
    }
  } else process.stdout.write(json);
  for (const f of report.failures)
    process.stderr.write(
      `FAIL ${f.engine} seed=${f.seed} index=${f.index}: ${f.violations.map((v) => v.rule).join(", ")}\n`,
    );
  return report.failures.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
