/**
 * A run's modules from one file built from their current sources (bundle-build.ts), kept in
 * node_modules/.cache with V8's compiled code beside it. Why: under tsx each of the run's ~300 modules
 * is resolved, looked up in tsx's cache, compiled and linked on its own, and that is about half of
 * `compare`'s time beyond tsx's start; one file compiled from V8's cache loads in a few milliseconds.
 * Before each use every source the file was built from is read and compared by hash (and each of their
 * folders' listing), so a change to any of them means a rebuild: what runs is always the sources as
 * they are, as under tsx. The first run after a change pays the build (esbuild, about half a second).
 */
import { createRequire } from "node:module";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { hash } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { makeDirectory } from "../../cli/files.js";
import { buildBundle, manifestHolds, type Manifest } from "./bundle-build.js";

export type BundleSpec = {
  /** The project's root: sources and the manifest's paths are relative to it. */
  readonly root: string;
  /** The module whose exports the bundle returns, from the root. */
  readonly entry: string;
  /**
   * Files left out, required by their absolute path when the bundle asks for them: those this process
   * already loaded (one copy of each), and any the bundled run never reaches.
   */
  readonly shared: ReadonlySet<string>;
  /** Where the bundle, its manifest and V8's code for it are kept. */
  readonly cacheDir: string;
};

/** What is kept beside a bundle: its key, what it was built from, and its entry (a profile names the bundle by it). */
type Stored = { readonly key: string; readonly entry: string; readonly manifest: Manifest };

/**
 * The bundle, built first when a source changed since the last build (esbuild's error, if the sources
 * do not build, is thrown here); calling the answer evaluates it in this process and gives its exports.
 */
export async function prepareBundle<T>(spec: BundleSpec): Promise<() => T> {
  const key = keyOf(spec);
  const base = join(spec.cacheDir, key.slice(0, 16));
  const stored = readStored(`${base}.json`, key);
  if (stored !== null && existsSync(`${base}.cjs`) && manifestHolds(spec.root, stored.manifest)) {
    // Read as latin1: the file is ASCII (esbuild escapes the rest), and decoding 1.6 MB as UTF-8 costs ~10 ms more.
    const wrapped = readFileSync(`${base}.cjs`).toString("latin1");
    return () => evaluate<T>(wrapped, `${base}.cjs`, `${base}.v8`);
  }
  const built = await buildBundle(spec.root, spec.entry, spec.shared);
  const wrapped = wrap(built.code);
  // The manifest last, so a reader finds it only beside the bundle it describes (and no stale compiled code).
  const kept = keep([
    [`${base}.v8`, Buffer.alloc(0)],
    [`${base}.cjs`, wrapped],
    [`${base}.json`, JSON.stringify({ key, entry: spec.entry, manifest: built.manifest } satisfies Stored)],
  ]);
  return () => evaluate<T>(wrapped, `${base}.cjs`, kept ? `${base}.v8` : null);
}

/**
 * The bundle inside Node's CommonJS wrapper, on its first line (line numbers stay). The file keeps it so:
 * V8 compiles the text as read, where joining it to the wrapper at each start would copy its 1.6 MB again.
 */
const wrap = (code: string) => `(function (exports, require, module, __filename, __dirname) {${code}\n})`;

/**
 * What the bundle depends on beyond its sources: the root (the bundle names files by absolute path, and
 * a copy of node_modules may carry the cache to another checkout), the entry, the modules left outside,
 * the builder itself, esbuild's version and Node's (V8 rejects code cached by another).
 */
function keyOf(spec: BundleSpec): string {
  const builder = ["bundle.ts", "bundle-build.ts"].map((f) => readFileSync(join(HERE, f), "utf8"));
  const esbuild = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
  const parts = [spec.root, spec.entry, [...spec.shared].sort(), builder, esbuild.version, process.version];
  return hash("sha256", JSON.stringify(parts));
}

const HERE = dirname(fileURLToPath(import.meta.url));

function readStored(file: string, key: string): Stored | null {
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Stored;
    return stored.key === key ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Runs the bundle as Node runs a CommonJS file, compiled from V8's cached code when it has some; the
 * code is cached at exit when there was none (or V8 refused it), once the run compiled what it calls.
 */
function evaluate<T>(wrapped: string, file: string, cacheFile: string | null): T {
  const cached = cacheFile !== null && existsSync(cacheFile) ? readFileSync(cacheFile) : Buffer.alloc(0);
  const script = new vm.Script(wrapped, {
    filename: file,
    ...(cached.length > 0 ? { cachedData: cached } : {}),
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  // Not into a cache folder removed meanwhile (a test's scratch folder): it would only be made again.
  if (cacheFile !== null && (cached.length === 0 || script.cachedDataRejected === true))
    process.once("exit", () => existsSync(dirname(cacheFile)) && keep([[cacheFile, script.createCachedData()]]));
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    createRequire(file),
    module,
    file,
    dirname(file),
  );
  return module.exports as T;
}

/**
 * Each file written beside, then renamed: a process reading the cache meanwhile sees the old file or
 * the new one. False when the cache cannot be written (a read-only checkout): the run goes on without it.
 */
function keep(files: readonly (readonly [string, string | Uint8Array])[]): boolean {
  try {
    for (const [file, data] of files) {
      makeDirectory(dirname(file));
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, data);
      renameSync(temp, file);
    }
    return true;
  } catch {
    return false;
  }
}
