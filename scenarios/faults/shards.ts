/**
 * Where chunks of fault schedules are played: in this thread (one lane), or on worker threads, one
 * lane each (one per core by default). Each worker loads the engines itself, through the same
 * tsx loader this process runs under, and plays whatever chunk it is handed next.
 */
import { Worker } from "node:worker_threads";
import type { EngineId, RunOptions } from "../index.js";
import { Chunk, ChunkResult, factoryOf, playChunk } from "./play.js";

export type Shards = {
  /** How many chunks can be played at once. */
  readonly lanes: number;
  /** Loads the engines on every lane, so that their loading is not counted in any timing. */
  readonly ready: (engines: readonly EngineId[]) => Promise<void>;
  readonly play: (lane: number, chunk: Chunk) => Promise<ChunkResult>;
  readonly close: () => Promise<void>;
};

/** Plays in this thread; the only place `--store` runs, since a store's environment cannot cross threads. */
export function inThisThread(stores?: Pick<RunOptions, "environment">): Shards {
  return {
    lanes: 1,
    ready: async (engines) => void (await Promise.all(engines.map(factoryOf))),
    play: (_lane, chunk) => playChunk(chunk, stores),
    close: async () => undefined,
  };
}

/** A message to a worker (shard-worker.ts) and its answer. */
type Ask =
  { readonly kind: "ready"; readonly engines: readonly EngineId[] } | { readonly kind: "play"; readonly chunk: Chunk };
export type ShardRequest = Ask & { readonly id: number };
export type ShardAnswer =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly error: string };

const WORKER_ENTRY = new URL("./shard-worker.ts", import.meta.url).href;
// The worker registers tsx before importing its entry: a worker does not inherit this thread's loader.
const bootstrap = () =>
  `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_ENTRY)}); });`;

/** `count` worker threads; a worker that dies or answers with an error fails what it was doing. */
export function onWorkers(count: number): Shards {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`shards must be a positive integer, not ${count}`);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  // Once a worker fails, every play is refused with its error: none would ever be answered.
  let broken: Error | null = null;
  const fail = (error: Error) => {
    broken ??= error;
    for (const waiting of pending.values()) waiting.reject(broken);
    pending.clear();
  };
  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(bootstrap(), { eval: true, execArgv: [] });
    worker.on("message", (answer: ShardAnswer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.ok) waiting?.resolve(answer.result);
      else waiting?.reject(new Error(answer.error));
    });
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`a fault-schedule shard exited with code ${code}`)));
    return worker;
  });
  const ask = (lane: number, request: Ask) =>
    new Promise<unknown>((resolve, reject) => {
      if (broken !== null) return reject(broken);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      workers[lane]?.postMessage({ ...request, id } satisfies ShardRequest);
    });
  return {
    lanes: count,
    ready: async (engines) => void (await Promise.all(workers.map((_, lane) => ask(lane, { kind: "ready", engines })))),
    play: async (lane, chunk) => ChunkResult.parse(await ask(lane, { kind: "play", chunk })),
    close: async () => void (await Promise.all(workers.map((w) => w.terminate()))),
  };
}
