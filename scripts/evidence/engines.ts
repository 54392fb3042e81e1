/**
 * The engines a measurement runs on: the handwritten reference, the local state graph and, when
 * it loads, the pinned LangGraph adapter. An engine that cannot load is listed with its reason,
 * never replaced by another.
 */
import { localGraphFactory } from "../../local-graph/agent/index.js";
import type { BuiltInFactory as EngineFactory, EngineId } from "../../scenarios/engines.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { loadFramework, type LoadOptions } from "../comparison/load-framework.js";

export type EngineSlot =
  | { readonly id: EngineId; readonly status: "measured"; readonly version: string; readonly factory: EngineFactory }
  | { readonly id: EngineId; readonly status: "not-measured"; readonly reason: string };

export async function loadEngines(options: LoadOptions = {}): Promise<readonly EngineSlot[]> {
  const measured = (factory: EngineFactory): EngineSlot => ({
    id: factory.id,
    status: "measured",
    version: factory.version,
    factory,
  });
  const langgraph = await loadFramework("langgraph", options);
  return [
    measured(handwrittenFactory),
    measured(localGraphFactory),
    langgraph.ok
      ? measured(langgraph.value)
      : { id: "langgraph", status: "not-measured", reason: langgraph.error.reason },
  ];
}

export const measuredEngines = (slots: readonly EngineSlot[]) =>
  slots.flatMap((slot) => (slot.status === "measured" ? [slot] : []));
