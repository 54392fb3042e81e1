/** The tree shows the architecture: these checks keep it that way. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules") return [];
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

const importsOf = (file: string) =>
  [
    ...readFileSync(join(root, file), "utf8").matchAll(
      /^\s*(?:import|export)[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm,
    ),
  ].map((m) => m[1] ?? m[2] ?? "");

describe("architecture", () => {
  const core = ["handwritten", "local-graph", "scenarios"].flatMap(sources);

  it("keeps the core (handwritten, local-graph, scenarios) free of any @langchain import", () => {
    expect(core.length).toBeGreaterThan(20);
    const offenders = core.filter((file) => importsOf(file).some((spec) => spec.startsWith("@langchain/")));
    expect(offenders).toEqual([]);
  });

  it("keeps the contract, the reducer, the fixtures and route replay free of Node-only imports, so they run in a browser", () => {
    const browserSafe = ["contract", "runtime", "handwritten/engine", "handwritten/fixtures", "handwritten/route"]
      .flatMap(sources)
      .filter((f) => !f.endsWith(".test.ts"));
    const offenders = browserSafe.filter((file) =>
      importsOf(file).some(
        (spec) => spec.startsWith("node:") || ["fs", "path", "crypto", "child_process"].includes(spec),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("keeps the MCP server module and everything it imports free of Node-only imports, so the page can bundle it", () => {
    const nodeOnly = (spec: string) =>
      spec.startsWith("node:") || ["fs", "path", "crypto", "child_process"].includes(spec) || spec.endsWith("/stdio");
    const seen = new Set<string>();
    const offenders: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of importsOf(file)) {
        if (nodeOnly(spec)) offenders.push(`${file} imports ${spec}`);
        if (spec.startsWith(".")) visit(relative(root, resolve(root, dirname(file), spec.replace(/\.js$/, ".ts"))));
      }
    };
    visit("mcp/server.ts");
    expect(seen.size).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });

  it("has no import cycles between project modules", () => {
    const files = ["contract", "runtime", "handwritten", "local-graph", "scenarios", "scripts", "durable", "mcp", "web"]
      .flatMap(sources)
      .filter((f) => !f.endsWith(".test.ts"));
    const graph = new Map(
      files.map((file) => [
        file,
        importsOf(file)
          .filter((s) => s.startsWith("."))
          .map((s) => relative(root, resolve(root, dirname(file), s.replace(/\.js$/, ".ts")))),
      ]),
    );
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "visiting")
        return void cycles.push([...path.slice(path.indexOf(file)), file].join(" → "));
      state.set(file, "visiting");
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, "done");
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
