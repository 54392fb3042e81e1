/**
 * Global setup: the sources the tests' own processes run, compiled once per run (compile-tree.ts) into the run's
 * temp folder and named in AGENT_HARNESS_COMPILED_TREE, which the workers inherit; `nodeCommand`
 * (scenarios/node-command.ts) starts a file there as plain `node`. About 0.8 s of CPU less for each of the ~100
 * MCP servers and race workers of a run. Removed at the end, before the temp folder is checked for leaks.
 */
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { COMPILED_TREE_ENV } from "../../scenarios/node-command.js";
import { ADAPTERS } from "../../engines/catalogue.js";
import { compileTree, CORE_SOURCES } from "./compile-tree.js";
import { adapterPresent } from "./requirements.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * What those processes load: the MCP server, the stores' race workers and the DBOS crash workers (when the DBOS
 * adapter is installed), and everything they import.
 */
const SOURCES = [...CORE_SOURCES, "mcp", "test/stores", "test/crash", "test/setup"];
// The adapter as the suites' requirements see it (installed as pinned), the same test that leaves its suites out.
const DBOS_SOURCES = ADAPTERS.filter((a) => a.folder === "dbos-adapter" && adapterPresent(a)).map(
  (a) => `${a.folder}/src`,
);

export default async function setup(): Promise<() => void> {
  const dir = await compileTree(ROOT, [...SOURCES, ...DBOS_SOURCES], "agent-harness-compiled-");
  process.env[COMPILED_TREE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
