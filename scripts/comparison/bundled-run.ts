/**
 * How `compare` loads a run of built-in engines in memory under tsx: from one bundle of the run's
 * current sources (bundle.ts), which skips tsx's work on each of its ~300 modules. The command's checks,
 * already loaded, stay shared. The run loads module by module instead (`loadRunInThread`) when tsx's
 * require hook is not there, when source maps are on (a stack trace then names each source file), when
 * AGENT_HARNESS_NO_BUNDLE is set, or when the bundle cannot be built (esbuild's complaint is then tsx's).
 * AGENT_HARNESS_BUNDLE_CACHE names another folder for the bundle (the loading tests read what it holds).
 */
import { createRequire } from "node:module";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { loadRun, loadRunInThread } from "../../durable/load-run.js";
import { resolveStoreSpec } from "../../durable/spec.js";
import { loadsByRequire } from "../../engines/catalogue.js";
import type { CompareArgs } from "./args.js";
import { prepareBundle } from "./bundle.js";

type Run = typeof import("./run.js");
type Entry = typeof import("./run-entry.js");

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Left out of the bundle (required by path if ever asked for): the SQL stores durable/option.ts imports
 * for a run on a database, which never comes here (main.ts sends it through `loadRun`).
 */
const NEVER_RUN = ["durable/open.ts", "durable/environment.ts"];

type Env = Readonly<Record<string, string | undefined>>;

/** The run of `args`: bundled when it runs by require (`runsByRequire`), else imported module by module. */
export async function loadCompareRun(args: Extract<CompareArgs, { kind: "run" }>, env: Env): Promise<Run> {
  return runsByRequire(args, env) ? loadBundledRun(env) : loadRun(() => import("./run.js"));
}

/** A built-in framework that loads by require, in memory: the run imports no user module or SQL store (see loadRunInThread). */
function runsByRequire(args: Extract<CompareArgs, { kind: "run" }>, env: Env): boolean {
  const store = resolveStoreSpec(args.store ?? undefined, env, { kind: "memory" });
  return (
    args.framework.kind === "builtin" && loadsByRequire(args.framework.id) && store.ok && store.value.kind === "memory"
  );
}

async function loadBundledRun(env: Env): Promise<Run> {
  const inThread = () => loadRunInThread<Run>(import.meta.url, "./run.js", () => import("./run.js"));
  const require = createRequire(import.meta.url);
  if (typeof require.extensions[".ts"] !== "function" || process.sourceMapsEnabled || env["AGENT_HARNESS_NO_BUNDLE"])
    return inThread();
  const cacheDir =
    env["AGENT_HARNESS_BUNDLE_CACHE"] ?? `${ROOT}node_modules${sep}.cache${sep}agent-harness${sep}compare`;
  let evaluate: () => Entry;
  try {
    evaluate = await prepareBundle<Entry>({
      root: ROOT,
      entry: "scripts/comparison/run-entry.ts",
      shared: new Set([...Object.keys(require.cache).filter(isProjectSource), ...NEVER_RUN.map((f) => join(ROOT, f))]),
      cacheDir,
    });
  } catch {
    return inThread();
  }
  return evaluate().loadRun({ root: ROOT, cacheDir });
}

/** A project's TypeScript file (the command's checks, loaded by tsx), not a package's. */
const isProjectSource = (file: string) =>
  file.startsWith(ROOT) && file.endsWith(".ts") && !file.includes(`${sep}node_modules${sep}`);
