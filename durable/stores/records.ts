/** The contract's checkpoint store and trace sink, and the local graph's checkpointer, as SQL logs. */
import {
  CheckpointTamperedError,
  type CheckpointStore,
  type TraceEvent,
  type TraceSink,
} from "../../contract/index.js";
import type { GraphCheckpointer } from "../../local-graph/runtime/index.js";
import type { StoreError } from "../errors.js";
import type { SqlConnection } from "../sql/connection.js";
import { readCheckpoint, readGraphCheckpoint, readTraceEvent } from "../sql/rows.js";
import { createSqlLog } from "./log.js";
import type { RowSeals } from "./row-seal.js";

/** A checkpoint row that fails its seal is the engines' `checkpoint_tampered`, answered as theirs is. */
const checkpointTampered = (error: StoreError, session_id: string) =>
  new CheckpointTamperedError({
    code: "checkpoint_tampered",
    session_id,
    message: `checkpoint_tampered: session ${session_id}: ${error.reason}`,
  });

export function createSqlCheckpointStore(db: SqlConnection, scope: string, seals: RowSeals): CheckpointStore {
  const log = createSqlLog(db, scope, "checkpoints", seals, { read: readCheckpoint, tampered: checkpointTampered });
  return {
    put: (checkpoint, after) =>
      log.append(
        checkpoint.session_id,
        [checkpoint],
        after === undefined ? undefined : { field: "checkpoint_hash", value: after },
      ),
    latest: (session_id) => freeze(log.latest(session_id)),
    list: (session_id) => log.list(session_id).map((c) => Object.freeze(c)),
  };
}

export function createSqlGraphCheckpointer(
  db: SqlConnection,
  scope: string,
  seals: RowSeals,
): GraphCheckpointer<unknown> {
  const log = createSqlLog(db, scope, "graph", seals, { read: readGraphCheckpoint, tampered: checkpointTampered });
  return {
    put: (checkpoint) => log.append(checkpoint.thread_id, [checkpoint]),
    latest: (thread_id) => freeze(log.latest(thread_id)),
    count: (thread_id) => log.count(thread_id),
    list: (thread_id) => log.list(thread_id),
  };
}

export function createSqlTraceSink(db: SqlConnection, scope: string, seals: RowSeals): TraceSink {
  const log = createSqlLog(db, scope, "trace", seals, { read: readTraceEvent, tampered: (error) => error });
  return {
    append(events) {
      const bySession = new Map<string, TraceEvent[]>();
      for (const event of events) bySession.set(event.session_id, [...(bySession.get(event.session_id) ?? []), event]);
      db.transaction(() => {
        for (const [session_id, more] of bySession) log.append(session_id, more);
      });
    },
    list: (session_id) => log.list(session_id),
  };
}

const freeze = <T>(value: T | undefined): T | undefined => (value === undefined ? undefined : Object.freeze(value));
