/**
 * Compiles the child script and everything it can load, file by file (esbuild, no bundling), into
 * a scratch tree with the repository's layout, so each of the ~80 child processes starts as plain
 * `node` instead of paying for tsx's loader. Relative imports keep working because the layout is
 * the same; bare imports resolve through symlinks to the two real node_modules folders (the root's,
 * and the LangGraph adapter's own, which the adapter is still loaded from dynamically).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { build } from "esbuild";

/** Folders (and single files) the child imports from, statically or dynamically. */
const SOURCES = [
  "contract",
  "runtime",
  "handwritten",
  "local-graph",
  "engines",
  "scenarios",
  "durable",
  "cli",
  "test/crash",
  "langgraph-adapter/src",
];

/** The files under `dir` (or `dir` itself, a single file), node_modules left out. */
function sources(root: string, dir: string): string[] {
  if (!statSync(join(root, dir)).isDirectory()) return [dir];
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules") return [];
    return statSync(join(root, path)).isDirectory() ? sources(root, path) : [path];
  });
}

const isSource = (file: string) => file.endsWith(".ts") && !file.endsWith(".test.ts");
/** CommonJS files are required as they are (langgraph-adapter/src/packages.cjs): copied, not compiled. */
const isCommonJs = (file: string) => file.endsWith(".cjs");

export type CompiledChild = { readonly dir: string; readonly entry: string };

export async function compileChild(root: string): Promise<CompiledChild> {
  const dir = mkdtempSync(join(tmpdir(), "agent-harness-crash-build-"));
  const files = SOURCES.flatMap((folder) => sources(root, folder));
  await build({
    entryPoints: files.filter(isSource).map((file) => join(root, file)),
    outdir: dir,
    outbase: root,
    bundle: false,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: "inline",
    logLevel: "error",
  });
  for (const file of files.filter(isCommonJs)) copyFileSync(join(root, file), join(dir, file));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  mkdirSync(join(dir, "langgraph-adapter"), { recursive: true });
  symlinkSync(join(root, "langgraph-adapter/node_modules"), join(dir, "langgraph-adapter/node_modules"), "dir");
  // The adapter's pins, which loading LangGraph checks against the installed version.
  symlinkSync(join(root, "langgraph-adapter/package.json"), join(dir, "langgraph-adapter/package.json"), "file");
  return { dir, entry: join(dir, relative(root, join(root, "test/crash/child.js"))) };
}
