/** The trace on disk: one append-only, fsync'ed log per session, kept apart from checkpoints. */
import { join } from "node:path";
import type { TraceEvent, TraceSink } from "../handwritten/contract/index.js";
import { appendJsonLines, ensureDir, fileNameOf, readJsonLines } from "./files.js";

export function createFileTraceSink(dir: string): TraceSink {
  ensureDir(dir);
  const pathOf = (session_id: string) => join(dir, `${fileNameOf(session_id)}.jsonl`);
  return {
    append(events) {
      const bySession = new Map<string, TraceEvent[]>();
      for (const event of events) bySession.set(event.session_id, [...(bySession.get(event.session_id) ?? []), event]);
      for (const [session_id, more] of bySession) appendJsonLines(pathOf(session_id), more);
    },
    list: (session_id) => readJsonLines(pathOf(session_id)) as TraceEvent[],
  };
}
