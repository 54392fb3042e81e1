/**
 * Where the server and the approver keep their store when none is named: `.agent-harness/mcp.sqlite` in
 * the project's root, the nearest folder at or above the working directory whose package.json is this
 * project's. Started from mcp/ (where the Inspector CLI must run) it is the same store and key as from the
 * root, so a token minted at the root is not refused; outside the project it is under the working directory.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const DEFAULT_STORE_FILE = ".agent-harness/mcp.sqlite";
const PROJECT = "agent-harness";

function isProjectRoot(dir: string): boolean {
  const file = join(dir, "package.json");
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { name?: unknown }).name === PROJECT;
  } catch {
    return false;
  }
}

/** The default store's absolute path for a process started in `cwd`. */
export function defaultStorePath(cwd: string = process.cwd()): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (isProjectRoot(dir)) return join(dir, DEFAULT_STORE_FILE);
    if (dirname(dir) === dir) return resolve(cwd, DEFAULT_STORE_FILE);
  }
}
