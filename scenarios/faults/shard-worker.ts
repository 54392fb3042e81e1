/** A worker thread of `onWorkers` (shards.ts): plays the chunks it is sent and answers each, error or result. */
import { parentPort } from "node:worker_threads";
import { z } from "zod";
import { ENGINE_IDS, type EngineId } from "../index.js";
import { Chunk, factoryOf, playChunk } from "./play.js";
import type { ShardAnswer } from "./shards.js";

const Request = z.discriminatedUnion("kind", [
  z.strictObject({
    id: z.number().int(),
    kind: z.literal("ready"),
    engines: z.array(z.enum(ENGINE_IDS as [EngineId, ...EngineId[]])),
  }),
  z.strictObject({ id: z.number().int(), kind: z.literal("play"), chunk: Chunk }),
]);

const port = parentPort;
if (port === null) throw new Error("shard-worker.ts runs only as a worker thread");

const answer = (id: number, work: Promise<unknown>) =>
  work.then(
    (result) => port.postMessage({ id, ok: true, result } satisfies ShardAnswer),
    (error: unknown) =>
      port.postMessage({
        id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies ShardAnswer),
  );

port.on("message", (message: unknown) => {
  const request = Request.safeParse(message);
  if (!request.success) {
    const id = z.object({ id: z.number() }).safeParse(message);
    return void answer(id.success ? id.data.id : -1, Promise.reject(new Error(z.prettifyError(request.error))));
  }
  const r = request.data;
  void answer(r.id, r.kind === "ready" ? Promise.all(r.engines.map(factoryOf)) : playChunk(r.chunk));
});
