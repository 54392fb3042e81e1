/**
 * The built-in engines, one entry each: everything a caller (compare, bench, evidence,
 * availability, the fault schedules, the crash child, the tests) needs to list or load them.
 * Adding a built-in engine is one entry here and the engine's own folder (and, for one in the
 * core, its factory in core-engines.ts).
 */
import { ok, type Result } from "../contract/index.js";
import { loadLikeCaller } from "../durable/load-run.js";
import type { EngineFactory } from "../runtime/index.js";
import { loadLangGraph, type LoadOptions, type Unloadable } from "./load-langgraph.js";
import { OPENAI_AGENTS_ENGINES } from "./openai-agents-engines.js";
import { AI_SDK_ENGINES } from "./ai-sdk-engines.js";
import { LANGCHAIN_ENGINES } from "./langchain-engines.js";
import { MASTRA_ENGINES } from "./mastra-engines.js";
import { DBOS_ENGINES } from "./dbos-engines.js";
import { ENGINE_IDS, type EngineId } from "./engine-catalogue.js";

export type { LoadOptions, Unloadable } from "./load-langgraph.js";
export {
  BUILT_IN_ENGINE_IDS,
  BUILT_IN_FRAMEWORK_IDS,
  ENGINE_IDS,
  FRAMEWORK_IDS,
  isBuiltInEngineId,
  isCoreEngine,
  isEngineId,
  isFrameworkId,
  REFERENCE_ENGINE,
  type BuiltInEngineId,
  type BuiltInFrameworkId,
  type EngineId,
  type FrameworkId,
} from "./engine-catalogue.js";

/** The kinds of checkpoint store the built-in engines keep: the contract's, the local graph's, LangGraph's saver. */
export type SessionStore = "contract_checkpoints" | "graph_checkpointer" | "langgraph_saver";

export type BuiltInEngine<Id extends string> = {
  readonly id: Id;
  /**
   * Its factory, or why it cannot run here (an optional install missing or off its pin). Loaded when
   * asked, even for an engine in the core, so a command loads only the engines it runs (core-engines.ts
   * imports the core's factories statically, for the suites).
   */
  readonly load: (options?: LoadOptions) => Promise<Result<EngineFactory<Id>, Unloadable>>;
  /** Where it keeps a session's checkpoints: the bench fills and seeds that store (growth, session length). */
  readonly sessionStore: SessionStore;
  /** Fault schedules the bench plays on it per run: a full run and --quick (slower engines play fewer). */
  readonly benchFaultSchedules: { readonly full: number; readonly quick: number };
};

/** An engine in the core: its module loaded when asked, by require or import as this module was (load-run.ts). */
const inCore = <M, Id extends string>(
  path: string,
  load: () => Promise<M>,
  factory: (module: M) => EngineFactory<Id>,
) => ({
  load: async () => ok(factory(await loadLikeCaller(import.meta.url, path, load))),
});

/** The engines, in the order every report lists them. The first is the reference the others are compared with. */
export const ENGINES = [
  {
    id: "handwritten",
    ...inCore(
      "../handwritten/engine/factory.js",
      () => import("../handwritten/engine/factory.js"),
      (m) => m.handwrittenFactory,
    ),
    sessionStore: "contract_checkpoints",
    benchFaultSchedules: { full: 500, quick: 100 },
  } satisfies BuiltInEngine<"handwritten">,
  {
    id: "local_state_graph",
    ...inCore(
      "../local-graph/agent/index.js",
      () => import("../local-graph/agent/index.js"),
      (m) => m.localGraphFactory,
    ),
    sessionStore: "graph_checkpointer",
    benchFaultSchedules: { full: 150, quick: 30 },
  } satisfies BuiltInEngine<"local_state_graph">,
  {
    id: "langgraph",
    load: loadLangGraph,
    sessionStore: "langgraph_saver",
    benchFaultSchedules: { full: 30, quick: 10 },
  } satisfies BuiltInEngine<"langgraph">,
  ...OPENAI_AGENTS_ENGINES,
  ...AI_SDK_ENGINES,
  ...LANGCHAIN_ENGINES,
  ...MASTRA_ENGINES,
  ...DBOS_ENGINES,
] as const;

// The catalogue is what a command reads before it loads anything: the two lists must name the same engines.
if (ENGINES.map((e) => e.id).join() !== ENGINE_IDS.join())
  throw new Error(`scenarios/engines.ts lists ${ENGINES.map((e) => e.id).join()}, the catalogue ${ENGINE_IDS.join()}`);

/** A built-in engine's factory: its id is one of `ENGINE_IDS`. */
export type BuiltInFactory = EngineFactory<EngineId>;

export function engineEntry(id: EngineId): BuiltInEngine<EngineId> {
  const entry = ENGINES.find((e) => e.id === id);
  if (entry === undefined) throw new Error(`no built-in engine ${id}`);
  return entry;
}

/** Loads a built-in engine by id. */
export const loadEngine = (id: EngineId, options: LoadOptions = {}): Promise<Result<BuiltInFactory, Unloadable>> =>
  engineEntry(id).load(options);

/** A built-in engine as a measurement sees it: loaded, or not measured with its reason (never replaced by another). */
export type EngineSlot =
  | { readonly id: EngineId; readonly status: "measured"; readonly version: string; readonly factory: BuiltInFactory }
  | { readonly id: EngineId; readonly status: "not-measured"; readonly reason: string };

/** Every built-in engine, loaded in registry order. */
export async function loadEngines(options: LoadOptions = {}): Promise<readonly EngineSlot[]> {
  const slots: EngineSlot[] = [];
  for (const entry of ENGINES) {
    const loaded: Result<BuiltInFactory, Unloadable> = await entry.load(options);
    slots.push(
      loaded.ok
        ? { id: entry.id, status: "measured", version: loaded.value.version, factory: loaded.value }
        : { id: entry.id, status: "not-measured", reason: loaded.error.reason },
    );
  }
  return slots;
}

export const measuredEngines = (slots: readonly EngineSlot[]) =>
  slots.flatMap((slot) => (slot.status === "measured" ? [slot] : []));
