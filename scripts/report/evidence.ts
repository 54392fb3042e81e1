/**
 * Reads the evidence the report draws, and nothing else: the newest version of each file, parsed
 * with the report's own schemas (evidence-schemas.ts). A file absent is `null`, and the page says so.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import {
  Bench,
  BenchStores,
  Comparison,
  Crashes,
  FaultSchedules,
  RuntimeRecord,
  StoreFaults,
} from "./evidence-schemas.js";

export * from "./evidence-schemas.js";

/** One evidence file as the report read it. */
export type Read<T> = { readonly file: string; readonly data: T };

export type ReportEvidence = {
  readonly comparisons: readonly (Read<Comparison> & { readonly diagram: string | null })[];
  readonly bench: Read<Bench> | null;
  readonly faults: Read<FaultSchedules> | null;
  readonly stores: Read<StoreFaults> | null;
  readonly benchStores: Read<BenchStores> | null;
  readonly crashes: Read<Crashes> | null;
  readonly runtime: Read<RuntimeRecord> | null;
  readonly frameworkMatrix: Read<unknown> | null;
};

/** The newest version of each `<stem>-v<N>.json` in `dir` whose stem matches. */
export function newestVersions(files: readonly string[], stem: RegExp): string[] {
  const newest = new Map<string, { file: string; version: number }>();
  for (const file of files) {
    const match = /^(.*)-v(\d+)\.json$/.exec(file);
    if (match === null || !stem.test(match[1] ?? "")) continue;
    const [key, version] = [match[1] ?? "", Number(match[2])];
    if ((newest.get(key)?.version ?? -1) < version) newest.set(key, { file, version });
  }
  return [...newest.values()].map((entry) => entry.file).sort();
}

export function readEvidence(dir: string): ReportEvidence {
  const files = readdirSync(dir);
  const parse = <T>(schema: z.ZodType<T>, file: string): Read<T> => {
    const parsed = schema.safeParse(JSON.parse(readFileSync(join(dir, file), "utf8")));
    if (!parsed.success)
      throw new Error(`report: ${file} is not the evidence the report reads: ${parsed.error.message}`);
    return { file, data: parsed.data };
  };
  const one = <T>(schema: z.ZodType<T>, stem: RegExp): Read<T> | null => {
    const file = newestVersions(files, stem).at(-1);
    return file === undefined ? null : parse(schema, file);
  };
  const comparisons = newestVersions(files, /^13-framework-comparison-/).map((file) => {
    const read = parse(Comparison, file);
    const shape = read.data.graph;
    const mmd = typeof shape === "string" || shape.diagram === null ? null : join(dir, shape.diagram);
    return { ...read, diagram: mmd !== null && existsSync(mmd) ? readFileSync(mmd, "utf8") : null };
  });
  const matrix = join(dir, "framework-matrix-v1.json");
  return {
    comparisons,
    bench: one(Bench, /^bench$/),
    faults: one(FaultSchedules, /^fault-schedules$/),
    stores: one(StoreFaults, /^fault-stores$/),
    benchStores: one(BenchStores, /^bench-stores$/),
    crashes: one(Crashes, /^fault-crashes$/),
    runtime: one(RuntimeRecord, /^13-runtime$/),
    frameworkMatrix: existsSync(matrix)
      ? { file: "framework-matrix-v1.json", data: JSON.parse(readFileSync(matrix, "utf8")) as unknown }
      : null,
  };
}
