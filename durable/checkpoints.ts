/**
 * The contract's checkpoints on disk: one append-only log per session, one fsync'ed line per
 * checkpoint. `put` returns only once the checkpoint is durable, so the intent checkpoint the
 * runner writes before a tool call survives a kill. Reading checks each checkpoint's hash.
 */
import { join } from "node:path";
import { CHECKPOINT_VERSION, hashState, type Checkpoint, type CheckpointStore } from "../handwritten/contract/index.js";
import { appendJsonLines, ensureDir, fileNameOf, readJsonLines } from "./files.js";

export function createFileCheckpointStore(dir: string): CheckpointStore {
  ensureDir(dir);
  const pathOf = (session_id: string) => join(dir, `${fileNameOf(session_id)}.jsonl`);
  const list = (session_id: string): readonly Checkpoint[] =>
    readJsonLines(pathOf(session_id)).map((record) => Object.freeze(checked(record as Checkpoint, session_id)));
  return {
    put: (checkpoint) => appendJsonLines(pathOf(checkpoint.session_id), [checkpoint]),
    latest: (session_id) => list(session_id).at(-1),
    list,
  };
}

function checked(checkpoint: Checkpoint, session_id: string): Checkpoint {
  if (checkpoint.v !== CHECKPOINT_VERSION || checkpoint.session_id !== session_id) {
    throw new Error(
      `checkpoint ${checkpoint.seq} of ${session_id} has version ${checkpoint.v} for session ${checkpoint.session_id}`,
    );
  }
  if (
    hashState(checkpoint.state) !== checkpoint.checkpoint_hash ||
    checkpoint.state.checkpoint_hash !== checkpoint.checkpoint_hash
  ) {
    throw new Error(`checkpoint ${checkpoint.seq} of ${session_id} does not match its hash`);
  }
  return checkpoint;
}
