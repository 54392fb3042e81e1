/**
 * evidence/module-manifest-v1.json: per module, which evidence files are current. `13.evidence`
 * is the runtime record, as the course chapter names it.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";

export const MANIFEST_SCHEMA = "learn-llm.module-manifest.v1";
export const MANIFEST_PATH = "evidence/module-manifest-v1.json";

/** A repository-relative path. */
const Entry = z.string().min(1);

export const ModuleEntry = z.strictObject({
  module: z.string(),
  title: z.string(),
  /** The current runtime record: the machine evidence of this checkout. */
  evidence: z.string(),
  comparison: z.strictObject({ local_state_graph: Entry, langgraph: Entry }),
  availability: z.strictObject({ v1: Entry, v2: Entry }),
  /** Faults at scale: the random-schedule tally and the real-crash tally, each written by its suite. */
  faults: z.strictObject({ schedules: Entry, crashes: Entry }),
  /** The latest benchmark run (npm run bench). */
  bench: Entry,
  learner: z.strictObject({ schema: z.string(), template: z.string(), checker: z.string() }),
});
export type ModuleEntry = z.infer<typeof ModuleEntry>;

export const ModuleManifest = z.strictObject({
  schema: z.literal(MANIFEST_SCHEMA),
  note: z.string(),
  modules: z.record(z.string(), ModuleEntry),
});
export type ModuleManifest = z.infer<typeof ModuleManifest>;

export function readManifest(path: string): ModuleManifest {
  return ModuleManifest.parse(JSON.parse(readFileSync(path, "utf8")));
}

/** Every path a manifest names, with where it is named. */
export function namedPaths(manifest: ModuleManifest): { readonly at: string; readonly path: string }[] {
  return Object.entries(manifest.modules).flatMap(([id, m]) => {
    const entries: [string, string][] = [
      ["evidence", m.evidence],
      ["comparison.local_state_graph", m.comparison.local_state_graph],
      ["comparison.langgraph", m.comparison.langgraph],
      ["availability.v1", m.availability.v1],
      ["availability.v2", m.availability.v2],
      ["faults.schedules", m.faults.schedules],
      ["faults.crashes", m.faults.crashes],
      ["bench", m.bench],
      ["learner.template", m.learner.template],
      ["learner.checker", m.learner.checker],
    ];
    return entries.map(([at, path]) => ({ at: `${id}.${at}`, path }));
  });
}
