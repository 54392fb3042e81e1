/**
 * The parent of one multi-worker run: it forks W worker processes over one place, waits until every one has opened
 * its engine, then hands out the sessions' operations over IPC. A session's next operation goes to a worker other
 * than the one that did its last (when there are two or more), so a session started by one process is approved by
 * another and resumed by another again: the workers share the session only through the database. Later phases go
 * first, so sessions flow through instead of all starting at once. Every step follows a message; nothing sleeps.
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { FromWorkerSchema, SCALE_PHASES, type ScaleOutcome, type ScalePhase, type ScalePlace } from "./engine.js";
import type { ScaleTask, ScaleWorkerRequest, ToWorker } from "./engine.js";

const WORKER = fileURLToPath(new URL("./worker.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export type ScaleRunOptions = {
  readonly place: ScalePlace;
  /** One engine module per worker process (a test gives one worker a sabotaged engine). */
  readonly workers: readonly string[];
  readonly sessions: number;
  /** Operations handed to a worker before it answers the first (it runs them in order). */
  readonly depth: number;
  /**
   * Each approval handed to two workers at once, as an at-least-once queue may deliver it: both copies go to
   * workers other than the session's starter and each other (three workers or more). @default false
   */
  readonly redeliver?: boolean;
};

export type TaskRecord = ScaleTask & {
  readonly worker: number;
  readonly ms: number;
  readonly cpu_ms: number;
  readonly outcome: ScaleOutcome;
};

export type ScaleRunRecord = {
  readonly records: readonly TaskRecord[];
  /** From the first operation handed out to the last answer, all workers already open. */
  readonly wall_ms: number;
};

type Pending = ScaleTask & { readonly after: number | null };
/** The copies of one session's phase: how many have not answered, the workers they went to, whether one succeeded. */
type Copies = { left: number; readonly on: Set<number>; ok: boolean };
const keyOf = (t: ScaleTask) => `${t.session_id}\u0000${t.phase}`;

export async function runWorkers(options: ScaleRunOptions): Promise<ScaleRunRecord> {
  const count = options.workers.length;
  if (options.redeliver === true && count < 3) throw new Error("a redelivered approval needs three workers or more");
  const copies = new Map<string, Copies>();
  const children = options.workers.map((module, w) => spawnWorker(options.place, module, w));
  const queues: Record<ScalePhase, Pending[]> = { start: [], approve: [], resume: [] };
  const enqueue = (task: ScaleTask, after: number | null, n: number) => {
    copies.set(keyOf(task), { left: n, on: new Set(), ok: false });
    for (let i = 0; i < n; i += 1) queues[task.phase].push({ ...task, after });
  };
  for (let i = 0; i < options.sessions; i += 1) enqueue({ session_id: `s${i}`, phase: "start" }, null, 1);
  const held = children.map(() => 0);
  const records: TaskRecord[] = [];
  let ended = 0;

  const take = (w: number): Pending | undefined => {
    for (const phase of [...SCALE_PHASES].reverse()) {
      const queue = queues[phase];
      const at = queue.findIndex((t) => count === 1 || (t.after !== w && !copies.get(keyOf(t))?.on.has(w)));
      if (at < 0) continue;
      copies.get(keyOf(queue[at]!))?.on.add(w);
      return queue.splice(at, 1)[0];
    }
    return undefined;
  };
  const dispatch = () => {
    for (let w = 0; w < count; w += 1)
      while (held[w]! < options.depth) {
        const task = take(w);
        if (task === undefined) break;
        held[w]! += 1;
        send(children[w]!.child, { type: "task", task: { session_id: task.session_id, phase: task.phase } });
      }
  };

  await Promise.all(children.map((c) => c.ready)).catch((error: unknown) => {
    for (const { child } of children) child.kill();
    throw error;
  });
  const finished = new Promise<void>((resolve, reject) => {
    children.forEach(({ child, failed }, w) => {
      void failed.catch(reject);
      child.on("message", (raw) => {
        const message = FromWorkerSchema.parse(raw);
        if (message.type !== "done") return;
        held[w]! -= 1;
        records.push({ ...message.task, worker: w, ms: message.ms, cpu_ms: message.cpu_ms, outcome: message.outcome });
        const these = copies.get(keyOf(message.task));
        if (these === undefined) throw new Error(`an answer to ${keyOf(message.task)}, never handed out`);
        these.ok ||= message.outcome.ok;
        if ((these.left -= 1) > 0) return dispatch();
        const next = SCALE_PHASES[SCALE_PHASES.indexOf(message.task.phase) + 1];
        if (these.ok && next !== undefined)
          enqueue(
            { session_id: message.task.session_id, phase: next },
            w,
            next === "approve" && options.redeliver ? 2 : 1,
          );
        else if ((ended += 1) === options.sessions) return resolve();
        dispatch();
      });
    });
  });
  const started = process.hrtime.bigint();
  try {
    dispatch();
    await finished;
  } catch (error) {
    // A worker died: the others are told nothing more, so they are ended here, each by its own handle.
    for (const { child } of children) child.kill();
    throw error;
  }
  const wall_ms = Number(process.hrtime.bigint() - started) / 1e6;
  for (const { child } of children) send(child, { type: "stop" });
  await Promise.all(children.map((c) => c.exited));
  return { records, wall_ms };
}

type Spawned = {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  /** Rejects when the worker dies before it is told to stop. */
  readonly failed: Promise<never>;
  readonly exited: Promise<void>;
};

function spawnWorker(place: ScalePlace, engine_module: string, w: number): Spawned {
  const request: ScaleWorkerRequest = { place, worker: `w${w}`, engine_module };
  const child = fork(WORKER, [JSON.stringify(request)], {
    cwd: ROOT,
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const failed = exited.then((code): never => {
    throw new Error(`scale worker w${w} exited with ${code}\n${stderr}`);
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.on("message", (raw) => {
      if (FromWorkerSchema.parse(raw).type === "ready") resolve();
    });
    void failed.catch(reject);
  });
  return {
    child,
    ready,
    failed,
    exited: exited.then((code) => {
      if (code !== 0) throw new Error(`scale worker w${w} exited with ${code}\n${stderr}`);
    }),
  };
}

function send(child: ChildProcess, message: ToWorker): void {
  child.send(message);
}
