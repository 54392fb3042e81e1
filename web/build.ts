/**
 * Bundles the page with esbuild for the browser. A Node built-in anywhere in the import graph
 * (node:fs, or a bare "fs", "crypto", …) fails the build with a clear message: the contract
 * core and the reducer must run in a browser unchanged. The pages are minified and split: the
 * contract, zod and the detectors they share load once, as one chunk, and the whole folder must
 * stay within WEB_BUDGET_BYTES (source maps only on request, they are 4× the code).
 *
 *   tsx web/build.ts [--outdir DIR] [--sourcemap]     (default web/dist)
 */
import { copyFile, mkdir, readdir, rm, stat } from "node:fs/promises";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Metafile, type Plugin } from "esbuild";
import { helpAsked, parseFlags } from "../cli/index.js";

export const WEB_DIR = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_OUTDIR = join(WEB_DIR, "dist");
const STATIC_FILES = ["index.html", "styles.css", "flow.html", "flow.css"] as const;

/** The teaching pages' budget (issue 27 item 6, issue 29 item 4): everything in the output folder. */
export const WEB_BUDGET_BYTES = 1.5 * 1024 * 1024;

const NODE_BUILTINS = new Set(builtinModules.map((name) => name.replace(/^node:/, "")));

export function isNodeBuiltin(specifier: string): boolean {
  return (
    specifier.startsWith("node:") || NODE_BUILTINS.has(specifier) || NODE_BUILTINS.has(specifier.split("/")[0] ?? "")
  );
}

/** Refuses every Node built-in import, naming the importer. */
export const noNodeImports: Plugin = {
  name: "no-node-imports",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point" || !isNodeBuiltin(args.path)) return undefined;
      return {
        errors: [
          {
            text: `Node-only import "${args.path}" in ${args.importer}: the page bundle runs in a browser and must not import Node built-ins`,
          },
        ],
      };
    });
  },
};

/**
 * secretlint's recommended rules (the contract's detector) import `node:path` for a file's base
 * name and load `node:fs` and node-forge only to read a PKCS#12 file from disk, which happens only
 * when a file path is given — the contract never gives one. In the page those three imports
 * resolve to stubs, so the page runs the same detector as Node; nothing else may use them.
 */
const SECRETLINT_MODULE = /[\\/]@secretlint[\\/]secretlint-rule-preset-recommend[\\/]module[\\/]/;
const SECRETLINT_STUBS: Readonly<Record<string, string>> = {
  "node:path": "export const basename = (p) => String(p).split('/').pop();\nexport default { basename };",
  "node:fs": "export const readFileSync = () => { throw new Error('no file system in the browser'); };",
  forge: "export const i = { default: null };",
};

export const secretlintStubs: Plugin = {
  name: "secretlint-stubs",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^(node:path|node:fs|\.\/index-[A-Za-z0-9_-]+\.js)$/ }, (args) => {
      if (!SECRETLINT_MODULE.test(args.importer)) return undefined;
      const stub = args.path.startsWith("node:") ? args.path : args.kind === "dynamic-import" ? "forge" : undefined;
      return stub === undefined ? undefined : { path: stub, namespace: "secretlint-stub" };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: "secretlint-stub" }, (args) => ({
      contents: SECRETLINT_STUBS[args.path] ?? "",
      loader: "js",
    }));
  },
};

export type BuildOptions = {
  readonly outdir?: string;
  readonly entry?: string;
  readonly minify?: boolean;
  readonly sourcemap?: boolean;
};
export type BuildResult = { readonly outdir: string; readonly metafile: Metafile; readonly bytes: number };

/** Every file under `dir`, by its path relative to `dir`, with its size in bytes. */
export async function folderFiles(dir: string): Promise<{ name: string; bytes: number }[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const path = join(e.parentPath, e.name);
        return { name: relative(dir, path), bytes: (await stat(path)).size };
      }),
  );
}

/** Every file under `dir`, in bytes. */
export async function folderBytes(dir: string): Promise<number> {
  return (await folderFiles(dir)).reduce((sum, file) => sum + file.bytes, 0);
}

export async function buildWeb(options: BuildOptions = {}): Promise<BuildResult> {
  const outdir = resolve(options.outdir ?? DEFAULT_OUTDIR);
  await mkdir(outdir, { recursive: true });
  // Chunk names carry content hashes: stale ones from an earlier build would count against the budget.
  const stale = (await readdir(outdir)).filter((name) => /\.js(\.map)?$/.test(name));
  await Promise.all(stale.map((name) => rm(join(outdir, name))));
  const result = await build({
    entryPoints:
      options.entry === undefined
        ? { main: join(WEB_DIR, "main.ts"), flow: join(WEB_DIR, "flow-main.ts") }
        : { main: options.entry },
    outdir,
    bundle: true,
    platform: "browser",
    format: "esm",
    target: ["es2022"],
    splitting: true,
    sourcemap: options.sourcemap ?? false,
    minify: options.minify ?? true,
    legalComments: "none",
    metafile: true,
    logLevel: "silent",
    plugins: [secretlintStubs, noNodeImports],
  });
  if (options.entry === undefined) {
    await Promise.all(STATIC_FILES.map((file) => copyFile(join(WEB_DIR, file), join(outdir, file))));
  }
  return { outdir, metafile: result.metafile, bytes: await folderBytes(outdir) };
}

async function main(argv: readonly string[]): Promise<void> {
  if (helpAsked(argv))
    return void console.log("Usage: tsx web/build.ts [--outdir DIR] [--sourcemap]   (npm run web:build)");
  const flags = parseFlags(argv, { outdir: { type: "string" }, sourcemap: { type: "boolean" } });
  if (!flags.ok) {
    console.error(
      `web: ${flags.error.message} (${flags.error.code})\nUsage: tsx web/build.ts [--outdir DIR] [--sourcemap]`,
    );
    return void (process.exitCode = 2);
  }
  const { outdir, sourcemap } = flags.value.values;
  const built = await buildWeb({ ...(outdir === undefined ? {} : { outdir }), sourcemap: sourcemap === true });
  const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
  console.log(
    `web: built ${Object.keys(built.metafile.inputs).length} modules into ${built.outdir} (${kib(built.bytes)} of a ${kib(WEB_BUDGET_BYTES)} budget)`,
  );
  // Source maps are a debugging aid, asked for explicitly; the budget is the pages as shipped.
  if (built.bytes > WEB_BUDGET_BYTES && sourcemap !== true) {
    console.error(`web: ${kib(built.bytes)} is over the ${kib(WEB_BUDGET_BYTES)} budget`);
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
