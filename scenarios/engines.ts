import type { EngineFactory } from "../runtime/index.js";

/** The built-in engines, by id. */
export const ENGINE_IDS = ["handwritten", "local_state_graph", "langgraph"] as const;
export type EngineId = (typeof ENGINE_IDS)[number];

export const isEngineId = (id: string): id is EngineId => (ENGINE_IDS as readonly string[]).includes(id);

/** A built-in engine's factory: its id is one of `ENGINE_IDS`. */
export type BuiltInFactory = EngineFactory<EngineId>;
