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

/**
 * An entry that loads its command's module first (`loadCommand` of durable/load-run.ts: by require under tsx, so the
 * checks load once), with the same module as the import it falls back to. That module loads before any check runs:
 * it and its static imports count as the entry's.
 */
const LOAD_COMMAND =
  /loadCommand\(\s*import\.meta\.url,\s*(["'])([^"']+)\1,\s*\(\)\s*=>\s*import\(\s*\1\2\1\s*\)\s*,?\s*\)/g;

/** The command modules an entry loads through `loadCommand`, as paths from the root. */
const commandsOf = (entry: string) =>
  [...readFileSync(join(root, entry), "utf8").matchAll(LOAD_COMMAND)].map((m) =>
    relative(root, resolve(dirname(join(root, entry)), m[2]!.replace(/\.js$/, ".ts"))),
  );

function staticClosure(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, "utf8");
    const specs = [
      ...[...source.matchAll(STATIC_IMPORT)].map((m) => m[1] ?? m[2] ?? ""),
      ...[...source.matchAll(LOAD_COMMAND)].map((m) => m[2]!),
    ];
    for (const spec of specs) {
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

  it("follows an entry's command module: compare's checks load through loadCommand", () => {
    expect(commandsOf("scripts/compare.ts")).toEqual(["scripts/comparison/main.ts"]);
    expect(staticClosure("scripts/compare.ts").files).toContain("scripts/comparison/args.ts");
  });

  it.each(entries)("%s loads only light modules before its first line runs", (entry) => {
    const { files, packages } = staticClosure(entry);
    expect(packages.filter((p) => !LIGHT_PACKAGES.has(p))).toEqual([]);
    expect(
      files.filter((f) =>
        /^(contract\/index|durable\/index|durable\/node-hashing|scenarios\/|engines\/(index|registry|load)|runtime\/)/.test(
          f,
        ),
      ),
    ).toEqual([]);
    expect(files.length, files.join("\n")).toBeLessThanOrEqual(20);
  });

  it.each(entries)("%s loads what it runs through loadRun, so the run hashes with node:crypto", (entry) => {
    for (const file of [entry, ...commandsOf(entry)]) {
      // Its command's module is not its run: that one is checked here too.
      const source = readFileSync(join(root, file), "utf8").replace(LOAD_COMMAND, "");
      expect(source.match(/await\s+import\(/g) ?? [], file).toEqual([]);
      // A project module loaded at run time (a type's `import("node:http")` is no load).
      if (/\bimport\(\s*["']\./.test(source)) expect(source, file).toMatch(/await loadRun\(\(\) =>/);
    }
  });
});
