/**
 * An entry point refuses bad input before it loads what it runs: its static imports (what loads
 * before its first line runs) reach only the command-line guards and a few light leaves, never the
 * contract's schemas (zod), a store, an engine or a framework. What it runs, it imports dynamically.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { refusalCases } from "../../scenarios/cli-refusals.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** Packages an entry point may load before it checks its input: the YAML lexer of the depth check, the page bundler. */
const LIGHT_PACKAGES = new Set(["yaml", "esbuild"]);
/** Static imports that load code: `import … from`, `export … from` and bare `import "…"`, not `import type`. */
const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)[^"']*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;

function staticClosure(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      const spec = m[1] ?? m[2] ?? "";
      if (spec.startsWith(".")) {
        const ts = resolve(dirname(file), spec.replace(/\.js$/, ".ts"));
        visit(existsSync(ts) ? ts : resolve(dirname(file), spec));
      } else if (!spec.startsWith("node:")) packages.add(spec.startsWith("@") ? spec : spec.split("/")[0]!);
    }
  };
  visit(join(root, entry));
  return { files: [...files].map((f) => relative(root, f)).sort(), packages: [...packages].sort() };
}

const scratch = mkdtempSync(join(tmpdir(), "light-entries-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const entries = [...new Set(refusalCases(scratch).map((c) => c.script))].sort();

describe("every entry point checks its input before it loads what it runs", () => {
  it("covers every script of the bad-input table", () => {
    expect(entries.length).toBeGreaterThanOrEqual(15);
  });

  it.each(entries)("%s loads only light modules before its first line runs", (entry) => {
    const { files, packages } = staticClosure(entry);
    expect(packages.filter((p) => !LIGHT_PACKAGES.has(p))).toEqual([]);
    expect(
      files.filter((f) =>
        /^(contract\/index|durable\/index|durable\/node-hashing|scenarios\/index|scenarios\/engines|runtime\/)/.test(f),
      ),
    ).toEqual([]);
    expect(files.length, files.join("\n")).toBeLessThanOrEqual(20);
  });

  it.each(entries)("%s loads what it runs through loadRun, so the run hashes with node:crypto", (entry) => {
    const source = readFileSync(join(root, entry), "utf8");
    expect(source.match(/await\s+import\(/g) ?? []).toEqual([]);
    // A project module loaded at run time (a type's `import("node:http")` is no load).
    if (/\bimport\(\s*["']\./.test(source)) expect(source).toMatch(/await loadRun\(\(\) =>/);
  });
});
