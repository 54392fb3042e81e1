/**
 * Postgres through `pg`, made synchronous: a worker thread owns the client, and the calling
 * thread blocks on a shared cell (`Atomics.wait`) until the worker has answered. One connection
 * per store, so a transaction's statements run in order on it. Opening connects and runs one
 * query, so an unreachable server or a refused password is known before anything is written.
 */
import { createRequire } from "node:module";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { err, ok, type Result } from "../../contract/index.js";
import { StoreError, type StoreErrorCode } from "../errors.js";
import { createTransactor, type SqlConnection, type SqlValue } from "./connection.js";
import { POSTGRES_WORKER_SOURCE } from "./postgres-worker.js";

export type PostgresOptions = {
  /** @default 5000 */
  readonly connectTimeoutMs?: number;
  /** How long one statement may take, lock waits included. @default 30000 */
  readonly statementTimeoutMs?: number;
};

type Reply =
  | { readonly ok: true; readonly rows: Record<string, unknown>[]; readonly changes: number }
  | { readonly ok: false; readonly code: string | null; readonly message: string };

export function openPostgres(
  url: string,
  label: string,
  options: PostgresOptions = {},
): Result<SqlConnection, StoreError> {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(POSTGRES_WORKER_SOURCE, {
    eval: true,
    workerData: {
      pgPath: createRequire(import.meta.url).resolve("pg"),
      port: port2,
      cell,
      url,
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
      statementTimeoutMs: options.statementTimeoutMs ?? 30_000,
    },
    transferList: [port2],
  });
  // The worker must not keep a finished process alive.
  worker.unref();
  port1.unref();
  const waitMs = (options.connectTimeoutMs ?? 5_000) + (options.statementTimeoutMs ?? 30_000);
  /**
   * Waking is not answering: the cell can wake this thread before the reply is on the port, and a
   * reply can arrive after its request timed out. Each request carries an id the worker echoes; the
   * port is read until the reply with this id is there or the time is up, and any other reply is
   * dropped, so a statement is never answered with another statement's rows.
   */
  let lastId = 0;
  const call = (request: object): Reply => {
    const id = ++lastId;
    const deadline = Date.now() + waitMs;
    Atomics.store(cell, 0, 0);
    port1.postMessage({ ...request, id });
    for (;;) {
      const received = receiveMessageOnPort(port1);
      if (received !== undefined) {
        const reply = received.message as Reply & { readonly id: number };
        if (reply.id === id) return reply;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) return { ok: false, code: "timeout", message: `no answer within ${waitMs} ms` };
      Atomics.wait(cell, 0, 0, Math.min(left, 50));
      Atomics.store(cell, 0, 0);
    }
  };
  const query = (sql: string, params: readonly SqlValue[] = []) => {
    const reply = call({ kind: "query", sql: numbered(sql), params });
    if (!reply.ok) throw new StoreError(codeOf(reply.code), label, reply.message);
    return { rows: reply.rows, changes: reply.changes };
  };
  const close = () => {
    call({ kind: "close" });
    void worker.terminate();
  };
  try {
    query("SELECT 1");
  } catch (error) {
    close();
    return err(error as StoreError);
  }
  return ok({
    dialect: "postgres",
    label,
    query,
    ...createTransactor(
      () => query("BEGIN"),
      () => query("COMMIT"),
      () => query("ROLLBACK"),
    ),
    close,
  });
}

/** `?` placeholders become `$1`, `$2`, …; the stores' SQL has no `?` inside literals. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function codeOf(code: string | null): StoreErrorCode {
  if (code === "28P01" || code === "28000") return "store_auth_failed";
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EHOSTUNREACH" || code === "3D000")
    return "store_unreachable";
  // Lock wait given up, deadlock, serialization failure, or a key another writer inserted first.
  if (code === "55P03" || code === "40P01" || code === "40001" || code === "23505") return "session_busy";
  return "store_unavailable";
}
