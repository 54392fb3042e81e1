/**
 * The synchronous bridge to Postgres: a worker thread owns the `pg` client, and the calling thread
 * blocks on a shared cell (`Atomics.wait`) until the worker has answered.
 *
 * Starting a worker and loading `pg` in it costs about 70 ms of CPU, more than the connection itself; a
 * process that opens many stores one after another (the store suites, a corpus of cases, a bench) would
 * spend most of its time there. So a closed bridge whose every call was answered goes back to a small
 * idle pool, its connection ended, and the next open with the same settings takes it: a fresh connection
 * on a worker that is already running. A bridge that gave up waiting on a call is never reused (that
 * call may still hold its connection), and an idle worker never keeps the process alive.
 */
import { createRequire } from "node:module";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { POSTGRES_WORKER_SOURCE } from "./postgres-worker.js";

export type BridgeSettings = {
  readonly url: string;
  readonly connectTimeoutMs: number;
  readonly statementTimeoutMs: number;
};

export type Reply =
  | { readonly ok: true; readonly rows: Record<string, unknown>[]; readonly changes: number }
  | { readonly ok: false; readonly code: string | null; readonly message: string };

export type Bridge = {
  /** Sends one request and blocks until its reply, or until the settings' time is up. */
  call(request: object): Reply;
  /** Ends the connection; the worker goes back to the idle pool or stops. */
  close(): void;
};

type Worked = {
  readonly key: string;
  readonly worker: Worker;
  readonly port: MessagePort;
  readonly cell: Int32Array;
  readonly waitMs: number;
  /** Ids run on across owners, so a late reply to an earlier owner is never taken for a new one's. */
  lastId: number;
  timedOut: boolean;
};

/** Idle workers kept per process: enough for the stores a test or a server has open at once. */
const IDLE_MAX = 4;
const idle: Worked[] = [];

export function openBridge(settings: BridgeSettings): Bridge {
  const key = JSON.stringify([settings.url, settings.connectTimeoutMs, settings.statementTimeoutMs]);
  const at = idle.findIndex((w) => w.key === key);
  const worked = at === -1 ? start(key, settings) : idle.splice(at, 1)[0]!;
  let closed = false;
  return {
    call: (request) => call(worked, request),
    close: () => {
      if (closed) return;
      closed = true;
      const ended = call(worked, { kind: "close" });
      if (ended.ok && !worked.timedOut && idle.length < IDLE_MAX) idle.push(worked);
      else void worked.worker.terminate();
    },
  };
}

function start(key: string, settings: BridgeSettings): Worked {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(POSTGRES_WORKER_SOURCE, {
    eval: true,
    workerData: { pgPath: createRequire(import.meta.url).resolve("pg"), port: port2, cell, ...settings },
    transferList: [port2],
  });
  // The worker must not keep a finished process alive.
  worker.unref();
  port1.unref();
  const waitMs = settings.connectTimeoutMs + settings.statementTimeoutMs;
  return { key, worker, port: port1, cell, waitMs, lastId: 0, timedOut: false };
}

/**
 * Waking is not answering: the cell can wake this thread before the reply is on the port, and a
 * reply can arrive after its request timed out. Each request carries an id the worker echoes; the
 * port is read until the reply with this id is there or the time is up, and any other reply is
 * dropped, so a statement is never answered with another statement's rows.
 */
function call(worked: Worked, request: object): Reply {
  const id = ++worked.lastId;
  const deadline = Date.now() + worked.waitMs;
  Atomics.store(worked.cell, 0, 0);
  worked.port.postMessage({ ...request, id });
  for (;;) {
    const received = receiveMessageOnPort(worked.port);
    if (received !== undefined) {
      const reply = received.message as Reply & { readonly id: number };
      if (reply.id === id) return reply;
      continue;
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      worked.timedOut = true;
      return { ok: false, code: "timeout", message: `no answer within ${worked.waitMs} ms` };
    }
    Atomics.wait(worked.cell, 0, 0, Math.min(left, 50));
    Atomics.store(worked.cell, 0, 0);
  }
}
