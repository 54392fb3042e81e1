/** The one tool registry every engine and the MCP server read from. */
import { guardExecutor } from "./dispatch-permit.js";
import { HarnessError } from "./result.js";
import type { AnyToolSpec } from "./tool.js";

export type ToolRegistry = {
  readonly names: readonly string[];
  get(name: string): AnyToolSpec | undefined;
  list(): readonly AnyToolSpec[];
};

/**
 * Builds a frozen registry; duplicate names are a configuration error. Every executor it hands out is
 * guarded: only a dispatch the contract granted runs it (dispatch-permit.ts).
 */
export function createRegistry(tools: readonly AnyToolSpec[]): ToolRegistry {
  const byName = new Map<string, AnyToolSpec>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new HarnessError("duplicate_tool", `tool ${tool.name} is registered twice`);
    byName.set(tool.name, guardExecutor(tool));
  }
  const list = Object.freeze([...byName.values()]);
  return Object.freeze({
    names: Object.freeze([...byName.keys()]),
    // Own-key lookup only: a planner naming "constructor" or "__proto__" finds nothing.
    get(name: string) {
      return byName.get(name);
    },
    list() {
      return list;
    },
  });
}
