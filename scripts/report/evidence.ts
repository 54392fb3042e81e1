/**
 * Reads the evidence the report draws, and nothing else: the newest version of each file, parsed
 * with the report's own schemas (evidence-schemas.ts). A file absent is `null`, and the page says so.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import {
  Ablation,
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
  readonly ablation: Read<Ablation> | null;
  /** Files found but not in the shape the report reads: left out of the page, named at its top. */
  readonly unread: readonly string[];
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
  const unread: string[] = [];
  // One file in a shape the report does not know (a new schema version) costs its section, not the page.
  const parse = <T>(schema: z.ZodType<T>, file: string): Read<T> | null => {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(dir, file), "utf8"));
    } catch (error) {
      unread.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return { file, data: parsed.data };
    const issue = parsed.error.issues[0];
    unread.push(`${file}: ${issue === undefined ? "unreadable" : `${issue.path.join(".")}: ${issue.message}`}`);
    return null;
  };
  const one = <T>(schema: z.ZodType<T>, stem: RegExp): Read<T> | null => {
    const file = newestVersions(files, stem).at(-1);
    return file === undefined ? null : parse(schema, file);
  };
  const comparisons = newestVersions(files, /^13-framework-comparison-/).flatMap((file) => {
    const read = parse(Comparison, file);
    if (read === null) return [];
    const shape = read.data.graph;
    const mmd = typeof shape === "string" || shape.diagram === null ? null : join(dir, shape.diagram);
    return { ...read, diagram: mmd !== null && existsSync(mmd) ? readFileSync(mmd, "utf8") : null };
  });
  const matrixFile = "framework-matrix-v1.json";
  return {
    comparisons,
    bench: one(Bench, /^bench$/),
    faults: one(FaultSchedules, /^fault-schedules$/),
    stores: one(StoreFaults, /^fault-stores$/),
    benchStores: one(BenchStores, /^bench-stores$/),
    crashes: one(Crashes, /^fault-crashes$/),
    runtime: one(RuntimeRecord, /^13-runtime$/),
    frameworkMatrix: existsSync(join(dir, matrixFile)) ? parse(z.unknown(), matrixFile) : null,
    ablation: one(Ablation, /^hardening-ablation$/),
    unread,
  };
}
