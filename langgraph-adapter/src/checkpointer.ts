/**
 * LangGraph's checkpointer for a scenario environment. It lives in the environment's durable
 * map, so an engine built later over the same environment (a new process after a crash) finds
 * every checkpoint the earlier one wrote, and nothing else.
 */
import { MemorySaver, type BaseCheckpointSaver } from "./langgraph.js";
import { defineSlot, type EngineContext } from "../../runtime/index.js";
import { PlainJsonFirstSerializer } from "./memory-serde.js";
import { SealedCheckpointSaver } from "./sealed-saver.js";

export const CHECKPOINTER_KEY = defineSlot<BaseCheckpointSaver>("langgraph.checkpointer");

/** The saver the engine uses: the environment's store, sealed (`sealed-saver.ts`). */
export function sealedCheckpointerOf(env: EngineContext): BaseCheckpointSaver {
  return new SealedCheckpointSaver(checkpointerOf(env), env.secret);
}

/** The MemorySaver the engine runs on, and the bench's bare anchor too, so adapter ÷ anchor compares like with like. */
export function memorySaver(): MemorySaver {
  return new MemorySaver(new PlainJsonFirstSerializer(new MemorySaver().serde));
}

export function checkpointerOf(env: EngineContext): BaseCheckpointSaver {
  const kept = env.slots.get(CHECKPOINTER_KEY);
  // A MemorySaver by default (reading plain JSON faster: memory-serde.ts); a durable saver
  // (durable-checkpointer.ts) when a caller put one there.
  if (kept !== undefined) return kept;
  const saver = memorySaver();
  env.slots.set(CHECKPOINTER_KEY, saver);
  return saver;
}
