/**
 * One process of the log race: `node --import tsx test/stores/log-race-child.ts '<LogRaceRequest JSON>'`.
 * It waits at the barrier, then appends `count` trace events to the one shared session, one
 * append at a time, and says how many went in and which store errors it met.
 */
import { traceEvent } from "../../contract/index.js";
import { FIXTURE_SECRET } from "../../handwritten/fixtures/environment.js";
import { isStoreError, openDatabase, storesIn, type SqlSpec } from "../../durable/index.js";
import { say, waitAtBarrier, type BarrierRequest } from "./race-barrier.js";

export type LogRaceRequest = BarrierRequest & {
  readonly store: SqlSpec;
  readonly scope: string;
  readonly session: string;
  readonly worker: string;
  readonly count: number;
};

export type LogRaceLine =
  { readonly type: "ready" } | { readonly type: "done"; readonly appended: number; readonly errors: readonly string[] };

const request = JSON.parse(process.argv[2] ?? "null") as LogRaceRequest;

const db = openDatabase(request.store);
if (!db.ok) throw db.error;
const trace = storesIn(db.value, request.scope, FIXTURE_SECRET).trace;
waitAtBarrier(request);
let appended = 0;
const errors: string[] = [];
for (let i = 0; i < request.count; i += 1) {
  const head = { seq: i, at: i, step: i, type: "run_started", status: "ready", checkpoint_hash: "h" };
  try {
    trace.append([traceEvent({ ...head, event_id: `${request.worker}-${i}`, session_id: request.session }, {})]);
    appended += 1;
  } catch (error) {
    errors.push(isStoreError(error) ? error.code : `raw: ${String(error)}`);
  }
}
say<LogRaceLine>({ type: "done", appended, errors });
db.value.close();
