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

const messageOf = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/** Answers `id` with what `work` gives, or why it failed; an answer that cannot be sent is answered as a failure. */
const answer = async (id: number, work: Promise<unknown>) => {
  const settled: ShardAnswer = await work.then(
    (result) => ({ id, ok: true, result }),
    (error: unknown) => ({ id, ok: false, error: messageOf(error) }),
  );
  try {
    port.postMessage(settled);
  } catch (error) {
    port.postMessage({
      id,
      ok: false,
      error: `the answer could not be sent: ${messageOf(error)}`,
    } satisfies ShardAnswer);
  }
};

port.on("message", (message: unknown) => {
  const request = Request.safeParse(message);
  if (!request.success) {
    const id = z.object({ id: z.number() }).safeParse(message);
    return void answer(id.success ? id.data.id : -1, Promise.reject(new Error(z.prettifyError(request.error))));
  }
  const r = request.data;
  void answer(r.id, r.kind === "ready" ? Promise.all(r.engines.map(factoryOf)).then(() => null) : playChunk(r.chunk));
});
