/**
 * The engines in the core (the table's core folders), loaded once: the root suites run the contract on each.
 * An engine in a package of its own (langgraph-adapter/) runs the same suites from there, so the core never
 * imports its framework. Loaded at the top level, so only test files (ESM under vitest) import this module.
 */
import { ENGINE_ROWS, loadEngine, type BuiltInFactory } from "../engines/index.js";

export const CORE_FACTORIES: readonly BuiltInFactory[] = await Promise.all(
  ENGINE_ROWS.filter((row) => row.folder.kind === "core").map(async ({ id }) => {
    const loaded = await loadEngine(id);
    if (!loaded.ok) throw new Error(`the core engine ${id} did not load: ${loaded.error.reason}`);
    return loaded.value;
  }),
);
