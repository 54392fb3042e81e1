/** The tree shows the architecture: these checks keep it that way. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ENGINE_FOLDERS as TABLE_FOLDERS } from "../engines/catalogue.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules") return [];
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** What a file imports: `import … from`, `export … from`, `import("…")` and bare `import "…"`. */
const importsOf = (file: string) =>
  [
    ...readFileSync(join(root, file), "utf8").matchAll(
      /^\s*(?:import|export)[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^\s*import\s+["']([^"']+)["']/gm,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? "");

/** The top-level folders of the project's source, each one layer of the tree; every folder the engine table names. */
const FOLDERS: readonly string[] = [
  "contract",
  "cli",
  "runtime",
  ...TABLE_FOLDERS,
  "durable",
  "engines",
  "mcp",
  "web",
  "scenarios",
  "scripts",
  "examples",
];
/** The folders that hold engines: the engine table's, core and adapters. */
const ENGINE_FOLDERS: readonly string[] = TABLE_FOLDERS;
const PRODUCT_FOLDERS: readonly string[] = ["cli", "durable", "engines", "mcp", "web"];

/**
 * Test kit: test files, the support modules beside them (test-helpers.ts, test-support.ts) and
 * `testing/` folders. They may import whatever a test needs (scenarios/, scripts/, test/), so the
 * folder rules read only the rest, and the rest must never import them.
 */
const isTestKit = (file: string) =>
  /\.test\.ts$/.test(file) || /(^|\/)test-(helpers|support)\.ts$/.test(file) || /(^|\/)testing\//.test(file);

/** The file an import names, from the root: a `.js` specifier names its `.ts` source, as TypeScript's NodeNext resolves it. */
const targetOf = (file: string, spec: string) =>
  relative(root, resolve(root, dirname(file), spec.replace(/\.js$/, ".ts")))
    .split("\\")
    .join("/");

/** Every import of a non-test source file that crosses from one top-level folder into another. */
function folderImports(folders: readonly string[] = FOLDERS) {
  return folders
    .flatMap(sources)
    .filter((file) => !isTestKit(file))
    .flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith("."))
        .map((spec) => ({
          file,
          target: relative(root, resolve(root, dirname(file), spec))
            .split("\\")
            .join("/"),
        }))
        .map(({ file, target }) => ({ file, target, from: file.split("/")[0]!, to: target.split("/")[0]! }))
        .filter(({ from, to }) => from !== to),
    );
}

/** Cycles in a graph of folders, each as `a → b → a`. */
function folderCycles(edges: readonly { readonly from: string; readonly to: string }[]): string[] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  const cycles: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (folder: string, path: string[]) => {
    if (state.get(folder) === "done") return;
    if (state.get(folder) === "visiting")
      return void cycles.push([...path.slice(path.indexOf(folder)), folder].join(" → "));
    state.set(folder, "visiting");
    for (const to of next.get(folder) ?? []) visit(to, [...path, folder]);
    state.set(folder, "done");
  };
  for (const folder of next.keys()) visit(folder, []);
  return cycles;
}

describe("architecture", () => {
  const core = ["handwritten", "local-graph", "engines", "scenarios"].flatMap(sources);

  it("keeps the core (handwritten, local-graph, engines, scenarios) free of any @langchain import", () => {
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
    const files = [
      "contract",
      "cli",
      "runtime",
      "handwritten",
      "local-graph",
      "engines",
      "scenarios",
      "scripts",
      "durable",
      "mcp",
      "web",
    ]
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

  it("knows every top-level folder that holds TypeScript: a folder of engines has its row in the engine table", () => {
    const held = readdirSync(root).filter(
      (name) =>
        !name.startsWith(".") &&
        !["node_modules", "test"].includes(name) &&
        statSync(join(root, name)).isDirectory() &&
        sources(name).length > 0,
    );
    expect(held.sort()).toEqual([...FOLDERS].sort());
  });

  describe("between top-level folders", () => {
    const edges = folderImports();
    const offenders = (allowed: (from: string, to: string) => boolean) =>
      edges.filter(({ from, to }) => !allowed(from, to)).map(({ file, target }) => `${file} imports ${target}`);

    it("reads the imports of every folder", () => {
      expect(new Set(edges.map((e) => e.from))).toEqual(new Set(FOLDERS.filter((f) => f !== "contract")));
    });

    it("has no cycle between top-level folders (test kit aside)", () => {
      expect(folderCycles(edges)).toEqual([]);
    });

    it("keeps the contract free of any project import", () => {
      expect(offenders((from) => from !== "contract")).toEqual([]);
    });

    it("lets the runtime import only the contract", () => {
      expect(offenders((from, to) => from !== "runtime" || to === "contract")).toEqual([]);
    });

    it("lets the command-line guards import only the contract's result type, so a refusal loads nothing else", () => {
      const cliEdges = edges.filter(({ from }) => from === "cli");
      expect(cliEdges.length).toBeGreaterThan(0);
      expect(
        cliEdges
          .filter(({ target }) => target !== "contract/result.js")
          .map(({ file, target }) => `${file} imports ${target}`),
      ).toEqual([]);
    });

    it("keeps the engines and the product (durable, mcp, web) from importing scenarios/ or scripts/", () => {
      const below = [...ENGINE_FOLDERS, ...PRODUCT_FOLDERS] as readonly string[];
      expect(offenders((from, to) => !below.includes(from) || (to !== "scenarios" && to !== "scripts"))).toEqual([]);
    });

    it("keeps source outside the test kit from importing the test kit or test/", () => {
      expect(offenders((_, to) => to !== "test")).toEqual([]);
      const kit = FOLDERS.flatMap(sources)
        .filter((file) => !isTestKit(file))
        .flatMap((file) =>
          importsOf(file)
            .filter((spec) => spec.startsWith("."))
            .map((spec) => targetOf(file, spec))
            .filter(isTestKit)
            .map((target) => `${file} imports ${target}`),
        );
      expect(kit).toEqual([]);
    });

    it("finds a cycle and names its folders", () => {
      expect(folderCycles([...edges, { from: "contract", to: "scripts" }])).toContain("contract → scripts → contract");
    });
  });
});
