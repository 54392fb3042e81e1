/**
 * One worker process of the multi-worker bench: `node --import tsx scripts/bench/scale/worker.ts '<request JSON>'`,
 * forked with an IPC channel. It opens its engine over the shared place, says `ready`, then runs the tasks the
 * parent hands it one after another, in the order they came, answering each with its time and outcome; `stop`
 * closes the engine and ends the process. Nothing here waits on a timer: every step follows a message.
 */
import { pathToFileURL } from "node:url";
import {
  FromWorkerSchema,
  isScaleEngine,
  ScaleWorkerRequestSchema,
  ToWorkerSchema,
  type FromWorker,
  type ScaleTask,
  type ScaleWorker,
} from "./engine.js";
import { assertNever } from "../../../contract/index.js";

function send(message: FromWorker): void {
  process.send?.(FromWorkerSchema.parse(message));
}

function run(engine: ScaleWorker, task: ScaleTask) {
  switch (task.phase) {
    case "start":
      return engine.start(task.session_id);
    case "approve":
      return engine.approve(task.session_id);
    case "resume":
      return engine.resume(task.session_id);
    default:
      return assertNever(task.phase);
  }
}

async function main(): Promise<void> {
  if (process.send === undefined) throw new Error("scale worker: start it with an IPC channel (fork)");
  const request = ScaleWorkerRequestSchema.parse(JSON.parse(process.argv[2] ?? "null"));
  const loaded = ((await import(pathToFileURL(request.engine_module).href)) as { scaleEngine?: unknown }).scaleEngine;
  if (!isScaleEngine(loaded)) throw new Error(`${request.engine_module} exports no scaleEngine`);
  const engine = await loaded.open(request.place, request.worker);
  const queue: ScaleTask[] = [];
  let running = false;
  let stopping = false;
  const drain = async (): Promise<void> => {
    if (running) return;
    running = true;
    for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
      const started = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      const outcome = await run(engine, task).catch((error: unknown) => ({
        ok: false as const,
        error: `threw: ${error instanceof Error ? error.message : String(error)}`,
      }));
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const used = process.cpuUsage(cpu);
      send({ type: "done", task, ms, cpu_ms: (used.user + used.system) / 1000, outcome });
    }
    running = false;
    if (stopping) await engine.close().then(() => process.disconnect());
  };
  process.on("message", (raw) => {
    const message = ToWorkerSchema.parse(raw);
    switch (message.type) {
      case "task":
        queue.push(message.task);
        break;
      case "stop":
        stopping = true;
        break;
      default:
        return assertNever(message);
    }
    void drain().catch(fail);
  });
  send({ type: "ready" });
}

function fail(error: unknown): void {
  process.stderr.write(`scale worker: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

main().catch(fail);
