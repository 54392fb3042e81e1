/**
 * The stores' section of the benchmarks, a module of its own: ledger `begin` + `complete` pairs
 * per second, and the handwritten engine's cost per step (one trace event), on memory, SQLite
 * and Postgres (when AGENT_HARNESS_PG_URL names a server). Ratios are against memory, from the
 * rounded medians, so they can be recomputed from the JSON.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { FIXTURE_SECRET } from "../../handwritten/fixtures/environment.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { environmentFactory, memoryStores, openDatabase, storesIn, type SqlSpec } from "../../durable/index.js";
import { assertNever, type LedgerStore } from "../../contract/index.js";
import { ALL_COLUMNS, handwrittenFactory, runScenario } from "../../scenarios/index.js";
import type { Environment, EnvironmentOptions } from "../../handwritten/fixtures/environment.js";
import { elapsedUs, ratio, round, summarize, type Summary } from "./stats.js";

export type StoresBenchOptions = {
  readonly samples: number;
  /** begin + complete pairs per sample. */
  readonly pairs: number;
  /** Passes over every column per sample of the per-step cost. */
  readonly passes: number;
  readonly postgresUrl: string | undefined;
};

export type StoreKindName = "memory" | "sqlite" | "postgres";

export type StoreBench =
  | {
      readonly status: "measured";
      readonly ledger_pairs_per_s: Summary;
      readonly step_us: Summary;
      /** Memory's pairs per second over this store's (how many times slower). */
      readonly ledger_x_memory: number;
      readonly step_x_memory: number;
    }
  | { readonly status: "not-measured"; readonly reason: string };

export type StoresBenchReport = {
  readonly what: string;
  readonly pairs_per_sample: number;
  readonly steps_per_sample: number;
  readonly stores: Readonly<Record<StoreKindName, StoreBench>>;
};

type Target = {
  readonly ledger: (sample: number) => LedgerStore;
  readonly environment: ((options: EnvironmentOptions) => Environment) | undefined;
  close(): void;
};

function ledgerPairsPerSecond(ledger: LedgerStore, pairs: number, sample: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < pairs; i += 1) {
    const key = `bench-${sample}-${i}`;
    ledger.begin({ key, tool: "save_artifact", args_digest: "d", owner: "bench#1", at: i });
    ledger.complete(key, { ok: i }, i);
  }
  return pairs / (elapsedUs(start) / 1e6);
}

async function stepMicroseconds(target: Target, passes: number): Promise<{ us: number; steps: number }> {
  let steps = 0;
  const start = process.hrtime.bigint();
  for (let pass = 0; pass < passes; pass += 1)
    for (const column of ALL_COLUMNS) {
      const run = await runScenario(handwrittenFactory, column, {
        graphSteps: false,
        ...(target.environment === undefined ? {} : { environment: target.environment }),
      });
      steps += run.trace.length;
    }
  return { us: elapsedUs(start) / steps, steps };
}

function openTarget(kind: StoreKindName, dir: string, postgresUrl: string | undefined): Target | string {
  let spec: SqlSpec;
  switch (kind) {
    case "memory":
      return { ledger: () => memoryStores().ledger, environment: undefined, close: () => undefined };
    case "sqlite":
      spec = { kind: "sqlite", path: join(dir, "bench.sqlite") };
      break;
    case "postgres":
      if (postgresUrl === undefined) return "AGENT_HARNESS_PG_URL is not set";
      spec = { kind: "postgres", url: postgresUrl };
      break;
    default:
      return assertNever(kind);
  }
  const db = openDatabase(spec);
  if (!db.ok) return db.error.message;
  const run = `bench-${process.pid}-${Date.now()}`;
  return {
    ledger: (sample) => storesIn(db.value, `${run}-ledger-${sample}`, FIXTURE_SECRET).ledger,
    environment: environmentFactory(db.value, `${run}-steps`),
    close: () => db.value.close(),
  };
}

export async function measureStores(options: StoresBenchOptions): Promise<StoresBenchReport> {
  const dir = mkdtempSync(join(tmpdir(), "agent-harness-bench-stores-"));
  const raw = new Map<StoreKindName, { ledger: Summary; step: Summary } | string>();
  let stepsPerSample = 0;
  try {
    for (const kind of ["memory", "sqlite", "postgres"] as const) {
      const target = openTarget(kind, dir, options.postgresUrl);
      if (typeof target === "string") {
        raw.set(kind, target);
        continue;
      }
      try {
        const pairs: number[] = [];
        const steps: number[] = [];
        await stepMicroseconds(target, 1); // warm-up: module loading and the JIT, billed to nobody
        for (let sample = 0; sample < options.samples; sample += 1) {
          pairs.push(ledgerPairsPerSecond(target.ledger(sample), options.pairs, sample));
          const step = await stepMicroseconds(target, options.passes);
          steps.push(step.us);
          stepsPerSample = step.steps;
        }
        raw.set(kind, { ledger: summarize(pairs.map((p) => round(p, 1))), step: summarize(steps) });
      } finally {
        target.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const memory = raw.get("memory") as { ledger: Summary; step: Summary };
  const entry = (kind: StoreKindName): StoreBench => {
    const measured = raw.get(kind);
    if (measured === undefined || typeof measured === "string")
      return { status: "not-measured", reason: measured ?? "not run" };
    return {
      status: "measured",
      ledger_pairs_per_s: measured.ledger,
      step_us: measured.step,
      ledger_x_memory: ratio(memory.ledger.median, measured.ledger.median),
      step_x_memory: ratio(measured.step.median, memory.step.median),
    };
  };
  return {
    what: "ledger begin+complete pairs per second (one key each), and the handwritten engine's µs per step (trace event) over every column, per store",
    pairs_per_sample: options.pairs,
    steps_per_sample: stepsPerSample,
    stores: { memory: entry("memory"), sqlite: entry("sqlite"), postgres: entry("postgres") },
  };
}
