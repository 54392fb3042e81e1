/**
 * The engines in the core, imported statically: the root suites run the contract on each. An engine in
 * a package of its own (langgraph-adapter/) runs the same suites from there, so the core never imports
 * its framework. A command loads an engine through the registry instead (engines.ts), only the one it runs.
 */
import { handwrittenFactory } from "../handwritten/engine/factory.js";
import { localGraphFactory } from "../local-graph/agent/index.js";
import { ENGINE_IDS, isCoreEngine } from "./engine-catalogue.js";
import type { BuiltInFactory } from "./engines.js";

export const CORE_FACTORIES: readonly BuiltInFactory[] = [handwrittenFactory, localGraphFactory];

// The catalogue says which engines are in the core: these must be they, in its order.
const core = ENGINE_IDS.filter(isCoreEngine);
if (CORE_FACTORIES.map((f) => f.id).join() !== core.join())
  throw new Error(
    `scenarios/core-engines.ts has ${CORE_FACTORIES.map((f) => f.id).join()}, the catalogue ${core.join()}`,
  );
