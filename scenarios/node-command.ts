/**
 * TEST SUPPORT. How a test starts one of the project's TypeScript files as a process: plain `node` on the run's
 * compiled copy when the run made one (test/setup/compiled-tree.ts names it in AGENT_HARNESS_COMPILED_TREE), else
 * through tsx's loader. For the processes tests start by the dozen (an MCP server under test, a race's workers);
 * the commands people type (`npx tsx scripts/…`, `npm run mcp`) are started as they are typed.
 */
import { existsSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";

export const COMPILED_TREE_ENV = "AGENT_HARNESS_COMPILED_TREE";

/** The executable, then its arguments. */
export type NodeCommand = readonly [string, ...string[]];

/** `node` and its arguments for `entry` (a .ts file, relative to `root` or absolute inside it). */
export function nodeCommand(root: string, entry: string, env: NodeJS.ProcessEnv = process.env): NodeCommand {
  const tree = env[COMPILED_TREE_ENV];
  const inRoot = relative(root, isAbsolute(entry) ? entry : join(root, entry));
  const compiled = tree === undefined || tree === "" ? null : join(tree, inRoot.replace(/\.ts$/, ".js"));
  if (compiled !== null && existsSync(compiled)) return [process.execPath, compiled];
  return [process.execPath, "--import", "tsx", entry];
}
