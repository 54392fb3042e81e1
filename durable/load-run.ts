/**
 * How an entry point loads what it runs once it has checked its input: node:crypto's hashing
 * installed first, then the run module, so a module that hashes as it loads finds it installed.
 * The entry imports this file statically and it imports none of this repo's files statically, so a
 * refusal still loads neither the hashing nor the contract (test/cli/light-entries.test.ts).
 */
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export async function loadRun<T>(load: () => Promise<T>): Promise<T> {
  const { installNodeHashing } = await import("./node-hashing.js");
  // Installed by this call, not by the import alone: the module may already be loaded, and
  // something may have installed another implementation since.
  installNodeHashing();
  return load();
}

/**
 * The same, through require when tsx's require hook compiles .ts files in this thread (a `tsx`
 * command): every module an import loads is handed over by tsx's loader thread, and for the 300
 * modules of a comparison run that thread's heap and round trips cost compare about 25 MiB of its
 * 155 MiB peak and a fifth of its CPU time. Only for a run whose modules are all this repo's and
 * loaded by require, including what it loads later through `loadLikeCaller` (an engine, LangGraph's
 * adapter): a module it imported instead (a user's engine, a SQL store) would bring a second copy
 * of the contract, without the hashing installed here. Without the hook (vitest hooks import only)
 * it is `loadRun(load)`.
 */
export async function loadRunInThread<T>(from: string, specifier: string, load: () => Promise<T>): Promise<T> {
  const requireFrom = tsxRequire(from);
  if (requireFrom === null) return loadRun(load);
  const { installNodeHashing } = createRequire(import.meta.url)(
    "./node-hashing.js",
  ) as typeof import("./node-hashing.js");
  installNodeHashing();
  return requireFrom(specifier) as T;
}

/**
 * A command's own module (its checks, then the loading of its run), from an entry that imports only
 * this file: through require when tsx's hook compiles .ts in this thread, so the checks load once,
 * in the thread, and a run loaded by `loadRunInThread` shares them (an entry's static imports pass
 * through tsx's loader thread and are then required again by the run). Else `load()`.
 */
export async function loadCommand<T>(from: string, specifier: string, load: () => Promise<T>): Promise<T> {
  const requireFrom = tsxRequire(from);
  return requireFrom === null ? load() : (requireFrom(specifier) as T);
}

/** `require` from `from` when tsx's require hook compiles .ts files in this thread (a `tsx` command), else null. */
function tsxRequire(from: string): NodeJS.Require | null {
  const requireFrom = createRequire(from);
  return typeof requireFrom.extensions[".ts"] === "function" ? requireFrom : null;
}

/** Modules a bundled run holds (scripts/comparison/bundle.ts), by file URL: `loadLikeCaller` takes them from it. */
const provided = new Map<string, () => Promise<unknown>>();

/** Offers `loadLikeCaller` the module at `url` from `load` (a bundle's own copy of it, with the bundle's contract). */
export function provideModule(url: string, load: () => Promise<unknown>): void {
  provided.set(url, load);
}

/** CommonJS modules a bundle of packages holds (run-entry.ts), by file URL: `requireLikeCaller` takes them from it. */
const providedRequires = new Map<string, () => unknown>();

/**
 * Offers `requireLikeCaller` the CommonJS module at `url` from `load` (a bundle of the packages it
 * requires), called once at most, as `require` evaluates a module once: one copy of what it holds.
 */
export function provideRequire(url: string, load: () => unknown): void {
  let loaded: { readonly exports: unknown } | undefined;
  providedRequires.set(url, () => (loaded ??= { exports: load() }).exports);
}

/**
 * `require(specifier)` from the module at `from`, or the bundle's copy when one was offered for it
 * (`provideRequire`). `specifier` is relative to `from`.
 */
export function requireLikeCaller<T>(from: string, specifier: string): T {
  const fromBundle = providedRequires.get(new URL(specifier, from).href);
  return (fromBundle === undefined ? createRequire(from)(specifier) : fromBundle()) as T;
}

/**
 * A module that a run loads once it is running (an engine, a framework's adapter), loaded the way the
 * module at `from` was: from the run's bundle when it holds it (`provideModule`); through require when a
 * run loaded by `loadRunInThread` asks, so it shares that run's one copy of the contract; else `load()`,
 * the import it names. `specifier` is relative to `from`, or a file URL.
 */
export async function loadLikeCaller<T>(from: string, specifier: string, load: () => Promise<T>): Promise<T> {
  const fromBundle = provided.get(new URL(specifier, from).href);
  if (fromBundle !== undefined) return (await fromBundle()) as T;
  const requireFrom = createRequire(from);
  if (requireFrom.cache[fileURLToPath(from)] === undefined) return load();
  return requireFrom(specifier.startsWith("file:") ? fileURLToPath(specifier) : specifier) as T;
}
