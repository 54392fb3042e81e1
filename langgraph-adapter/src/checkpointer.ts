/**
 * LangGraph's checkpointer for a scenario environment. It lives in the environment's durable
 * map, so an engine built later over the same environment (a new process after a crash) finds
 * every checkpoint the earlier one wrote, and nothing else.
 */
import { BaseCheckpointSaver, MemorySaver } from "@langchain/langgraph";
import type { EngineContext } from "../../scenarios/engine.js";
import { SealedCheckpointSaver } from "./sealed-saver.js";

export const CHECKPOINTER_KEY = "langgraph.checkpointer";

/** The saver the engine uses: the environment's store, sealed (`sealed-saver.ts`). */
export function sealedCheckpointerOf(env: EngineContext): BaseCheckpointSaver {
  return new SealedCheckpointSaver(checkpointerOf(env), env.secret);
}

export function checkpointerOf(env: EngineContext): BaseCheckpointSaver {
  const kept = env.durable.get(CHECKPOINTER_KEY);
  // A MemorySaver by default; a durable saver (durable-checkpointer.ts) when a caller put one there.
  if (kept instanceof BaseCheckpointSaver) return kept;
  if (kept !== undefined) throw new Error(`${CHECKPOINTER_KEY} in the durable store is not a LangGraph checkpointer`);
  const saver = new MemorySaver();
  env.durable.set(CHECKPOINTER_KEY, saver);
  return saver;
}
