/**
 * The built-in engines as a measurement loads them: each by its row in the table (table.ts), through the one
 * loader (load.ts). Everything a caller (compare, bench, evidence, availability, the fault schedules, the crash
 * child, the tests) needs to list or load them.
 */
import type { Result } from "../contract/index.js";
import type { EngineFactory } from "../runtime/index.js";
import { ENGINE_ROWS, type EngineId } from "./catalogue.js";
import { loadByRow, type LoadOptions, type Unloadable } from "./load.js";

/** The engines' rows, in the order every report lists them. The first is the reference the others are compared with. */
export const ENGINES = ENGINE_ROWS;
export type BuiltInEngine = (typeof ENGINES)[number];

/** A built-in engine's factory: its id is one of `ENGINE_IDS`. */
export type BuiltInFactory = EngineFactory<EngineId>;

/** A built-in engine's row: where it keeps a session's checkpoints, the fault schedules the bench plays on it. */
export function engineEntry(id: EngineId): BuiltInEngine {
  const entry = ENGINES.find((e) => e.id === id);
  if (entry === undefined) throw new Error(`no built-in engine ${id}`);
  return entry;
}

/**
 * Loads a built-in engine by id: its factory, or why it cannot run here (an adapter missing or off its pin).
 * Loaded when asked, even for an engine in the core, so a command loads only the engines it runs.
 */
export const loadEngine = (id: EngineId, options: LoadOptions = {}): Promise<Result<BuiltInFactory, Unloadable>> =>
  loadByRow(id, options);

/** A built-in engine as a measurement sees it: loaded, or not measured with its reason (never replaced by another). */
export type EngineSlot =
  | { readonly id: EngineId; readonly status: "measured"; readonly version: string; readonly factory: BuiltInFactory }
  | { readonly id: EngineId; readonly status: "not-measured"; readonly reason: string };

/** Every built-in engine, loaded in the table's order. */
export async function loadEngines(options: LoadOptions = {}): Promise<readonly EngineSlot[]> {
  const slots: EngineSlot[] = [];
  for (const { id } of ENGINES) {
    const loaded = await loadEngine(id, options);
    slots.push(
      loaded.ok
        ? { id, status: "measured", version: loaded.value.version, factory: loaded.value }
        : { id, status: "not-measured", reason: loaded.error.reason },
    );
  }
  return slots;
}

export const measuredEngines = (slots: readonly EngineSlot[]) =>
  slots.flatMap((slot) => (slot.status === "measured" ? [slot] : []));
