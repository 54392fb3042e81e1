/**
 * Builds a run's modules into one CommonJS file with esbuild (the compiler tsx runs on each file), and
 * lists what the file was built from, so bundle.ts can check before each use that every source is as it
 * was. Modules the process already loaded (`shared`: the command's checks) stay outside, required by
 * their path, so they load once. `import.meta` keeps naming each source file, as it does under tsx.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { hash } from "node:crypto";
import { dirname, join, relative, resolve, sep } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";

/**
 * A source's sha1, or its folder's listing's (a file added beside it can change what an import resolves
 * to); for a file, also its size, times and inode when it had been left alone for a while before the build.
 */
export type Fingerprint = { readonly path: string; readonly sha1: string; readonly stat?: string };
export type Manifest = { readonly inputs: readonly Fingerprint[]; readonly folders: readonly Fingerprint[] };
export type Built = { readonly code: string; readonly manifest: Manifest };

/** What every module reads for `import.meta` in the bundle: its own file's, declared on its first line. */
const META = "__agentHarnessImportMeta";

export async function buildBundle(root: string, entry: string, shared: ReadonlySet<string>): Promise<Built> {
  const read = new Map<string, Fingerprint>();
  const started = BigInt(Date.now()) * 1_000_000n;
  // By require: tsx has loaded it so already (it compiles with it).
  const esbuild = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "cjs",
    // What tsx compiles each file with: names kept (an error's class name reaches the evidence).
    target: `node${process.versions.node}`,
    keepNames: true,
    // As tsx compiles: no comments or spaces (less to read and hash before each run), names unchanged.
    minifyWhitespace: true,
    legalComments: "none",
    // Every other character escaped (esbuild's default, relied on): bundle.ts reads the file as latin1.
    charset: "ascii",
    write: false,
    metafile: true,
    logLevel: "silent",
    define: { "import.meta": META },
    plugins: [sharedOutside(shared), readAndRecord(root, started, read)],
  });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error(`esbuild wrote no bundle for ${entry}`);
  const files = Object.keys(result.metafile.inputs).map((p) => resolve(root, p));
  return { code, manifest: manifestOf(root, files, packageFilesOf(root, files), started, read) };
}

/**
 * Every file with its sha1 (a source's as the build read it: one changed during the build is built
 * again next time), and every folder holding a source with its listing's.
 */
function manifestOf(
  root: string,
  sources: readonly string[],
  others: readonly string[],
  started: bigint,
  read: ReadonlyMap<string, Fingerprint>,
): Manifest {
  const unique = [...new Set([...sources, ...others])].sort();
  const folders = [...new Set(sources.map((f) => dirname(f)))].sort();
  return {
    inputs: unique.map((f) => read.get(f) ?? fingerprint(root, f, started, ...readWithStat(f))),
    folders: folders.map((d) => ({ path: relative(root, d), sha1: folderSha1(d) })),
  };
}

/**
 * Whether every source and folder is as the manifest lists it: a change anywhere means a rebuild. A file
 * whose size, times and inode are as listed is not read: writing to a file sets its change time (ctime),
 * which no one can set back, and a file changed within the clock's step of the build was listed without
 * them (`fingerprint`), so it is read and hashed each time.
 */
export function manifestHolds(root: string, manifest: Manifest): boolean {
  try {
    return (
      manifest.inputs.every((i) => {
        const file = join(root, i.path);
        return (i.stat !== undefined && statOf(file) === i.stat) || fileSha1(file) === i.sha1;
      }) && manifest.folders.every((d) => folderSha1(join(root, d.path)) === d.sha1)
    );
  } catch {
    return false;
  }
}

/**
 * A file as the build read it (`bytes`, null when it is not there), its stat taken first: kept only when
 * it last changed two seconds or more before the build began, so no later write can share its times.
 */
function fingerprint(
  root: string,
  file: string,
  started: bigint,
  bytes: Buffer | null,
  stat: string | null = statOf(file),
): Fingerprint {
  const path = relative(root, file);
  const sha1 = bytes === null ? "absent" : hash("sha1", bytes);
  const settled = stat !== null && BigInt(stat.split(":")[2] ?? "0") < started - 2_000_000_000n;
  return settled ? { path, sha1, stat } : { path, sha1 };
}

/** A file's stat then its bytes (null, null when it is not there). */
function readWithStat(file: string): [Buffer | null, string | null] {
  const stat = statOf(file);
  return [stat === null ? null : readFileSync(file), stat];
}

/** Size, modification and change times (ns) and inode; null for a file that is not there. */
function statOf(file: string): string | null {
  const s = statSync(file, { bigint: true, throwIfNoEntry: false });
  return s === undefined ? null : `${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}`;
}

/** A file's sha1; "absent" for one that is not there (tsconfig.json: adding one changes how sources compile). */
const fileSha1 = (file: string) => (existsSync(file) ? hash("sha1", readFileSync(file)) : "absent");
const folderSha1 = (dir: string) => hash("sha1", readdirSync(dir).sort().join("\n"));

/**
 * What decides how a package's files resolve and what the compiler makes of the project's: each
 * package.json above a bundled package file, and the project's package.json and tsconfig.json.
 */
function packageFilesOf(root: string, files: readonly string[]): string[] {
  const marker = `${sep}node_modules${sep}`;
  const packages = files.flatMap((f) => {
    const at = f.lastIndexOf(marker);
    if (at < 0) return [];
    const [scope, name] = f.slice(at + marker.length).split(sep);
    const folder = scope?.startsWith("@") ? `${scope}${sep}${name ?? ""}` : (scope ?? "");
    return [join(f.slice(0, at + marker.length), folder, "package.json")];
  });
  return [...packages, join(root, "package.json"), join(root, "tsconfig.json")];
}

/** An import of a module the process already loaded is left to `require`, by its path: one copy of it. */
function sharedOutside(shared: ReadonlySet<string>): Plugin {
  return {
    name: "shared-outside",
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const path = resolve(args.resolveDir, args.path.replace(/\.js$/, ".ts"));
        return shared.has(path) ? { path, external: true } : undefined;
      });
    },
  };
}

/**
 * Each file read here, its sha1 recorded, so the manifest lists what was compiled. A module that reads
 * `import.meta` gets its own, on its first line (so line numbers stay): under tsx a module's
 * `import.meta.url` names its file, which the run resolves paths from.
 */
function readAndRecord(root: string, started: bigint, read: Map<string, Fingerprint>): Plugin {
  return {
    name: "read-and-record",
    setup(build) {
      build.onLoad({ filter: /\.([cm]?[jt]s|json)$/ }, (args) => {
        const stat = statOf(args.path);
        const bytes = readFileSync(args.path);
        read.set(args.path, fingerprint(root, args.path, started, bytes, stat));
        const text = bytes.toString("utf8");
        const loader = args.path.endsWith(".json") ? "json" : /\.[cm]?ts$/.test(args.path) ? "ts" : "js";
        if (loader === "json" || !text.includes("import.meta")) return { contents: text, loader };
        const meta = { url: pathToFileURL(args.path).href, dirname: dirname(args.path), filename: args.path };
        return { contents: `var ${META} = ${JSON.stringify(meta)};${text}`, loader };
      });
    },
  };
}
