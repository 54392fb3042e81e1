/**
 * The imports of the core folders' modules, written out: a bundle of a run (scripts/comparison/bundle.ts) holds
 * only what a literal import names, and the table cannot hold them, since the command that checks `--framework`
 * loads the table before the run and the bundle shares what it loaded (an import from there would load a second
 * copy of the contract, without the run's hashing). Keyed by the table's `module`: a core row without its import
 * here does not compile.
 */
import type { ENGINE_TABLE } from "./table.js";

type CoreModule = Extract<(typeof ENGINE_TABLE)[number], { kind: "core" }>["module"];

export const CORE_MODULES: { readonly [M in CoreModule]: () => Promise<Record<string, unknown>> } = {
  "../handwritten/engine/factory.js": () => import("../handwritten/engine/factory.js"),
  "../local-graph/agent/index.js": () => import("../local-graph/agent/index.js"),
};
