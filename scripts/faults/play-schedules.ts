/**
 * A fault-schedule run, once scripts/fault-schedules.ts has checked its command line: the store
 * opened, the engines loaded, the schedules played, the tally written all or nothing.
 */
import { outputExitCode, writeFilesAtomically } from "../../cli/index.js";
import { openStoreOption, type StoreOption } from "../../durable/index.js";
import { loadEngines, measuredEngines } from "../../scenarios/index.js";
import { defaultShards } from "../../cli/schedule-defaults.js";
import { runSchedules } from "../../scenarios/faults/run.js";
import { isFrameworkVariant } from "../../engines/variants.js";

export type ScheduleRun = {
  readonly schedules: number;
  readonly seed: number;
  readonly only: number | undefined;
  readonly output: string | undefined;
  /** `--store` as given, or undefined for AGENT_HARNESS_STORE / memory. */
  readonly store: string | undefined;
  readonly shards: number | undefined;
};

export async function playSchedules(options: ScheduleRun): Promise<number> {
  const store = await openStoreOption(options.store, "faults", process.env);
  if (!store.ok) {
    process.stderr.write(`fault-schedules: ${store.error.message}\n`);
    return store.error.code === "store_bad_spec" ? 2 : 5;
  }
  try {
    return await run(options, store.value);
  } finally {
    store.value.close();
  }
}

async function run({ schedules, seed, only, output, shards }: ScheduleRun, store: StoreOption): Promise<number> {
  // The built-in engines, as the help says: framework variants are measured by compare and matrix.
  const engines = (await loadEngines()).filter((slot) => !isFrameworkVariant(slot.id));
  for (const slot of engines)
    if (slot.status === "not-measured") process.stderr.write(`${slot.id} not measured: ${slot.reason}\n`);
  const report = await runSchedules(
    measuredEngines(engines).map((slot) => slot.id),
    {
      seed,
      schedules,
      ...(only === undefined ? {} : { only }),
      progress: (m) => process.stderr.write(`… ${m}\n`),
      ...(store.environment === undefined
        ? { shards: shards ?? defaultShards() }
        : { stores: { environment: store.environment }, shards: 1 }),
    },
  );
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (typeof output === "string") {
    const written = writeFilesAtomically([{ path: output, text: json }]);
    if (!written.ok) {
      process.stderr.write(`fault-schedules: cannot write ${output}: ${written.error.message}\n`);
      return outputExitCode(written.error);
    }
  } else process.stdout.write(json);
  for (const f of report.failures)
    process.stderr.write(
      `FAIL ${f.engine} seed=${f.seed} index=${f.index}: ${f.violations.map((v) => v.rule).join(", ")}\n`,
    );
  return report.failures.length === 0 ? 0 : 1;
}
