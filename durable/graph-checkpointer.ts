/**
 * The local state graph's checkpointer on disk: one append-only, fsync'ed log per thread. The
 * runtime writes a checkpoint after every node, so a new process resumes at the node that was
 * running when the old one died.
 */
import { join } from "node:path";
import type { GraphCheckpoint, GraphCheckpointer } from "../local-graph/runtime/index.js";
import { appendJsonLines, ensureDir, fileNameOf, readJsonLines } from "./files.js";

export function createFileGraphCheckpointer<S>(dir: string): GraphCheckpointer<S> {
  ensureDir(dir);
  const pathOf = (thread_id: string) => join(dir, `${fileNameOf(thread_id)}.jsonl`);
  const list = (thread_id: string) => readJsonLines(pathOf(thread_id)) as GraphCheckpoint<S>[];
  return {
    put: (checkpoint) => appendJsonLines(pathOf(checkpoint.thread_id), [checkpoint]),
    latest: (thread_id) => {
      const latest = list(thread_id).at(-1);
      if (latest !== undefined && latest.thread_id !== thread_id)
        throw new Error(`graph log of ${thread_id} holds thread ${latest.thread_id}`);
      return latest === undefined ? undefined : Object.freeze(latest);
    },
    count: (thread_id) => list(thread_id).length,
  };
}
