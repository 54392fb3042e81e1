/**
 * The engine table (engines/table.ts) as the one list of engines and adapter folders: its rows parse, its ids
 * and folders are each named once, each adapter's package.json pins the version its row says, and what cannot
 * read the table (Prettier's ignore file) still covers every adapter it names.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  ADAPTERS,
  ENGINE_FOLDERS,
  ENGINE_IDS,
  ENGINE_TABLE,
  FolderRow,
  needsPostgres,
  type AdapterRow,
} from "../../engines/index.js";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));

describe("the engine table", () => {
  it("parses, every row", () => {
    for (const row of ENGINE_TABLE) expect(FolderRow.safeParse(row)).toMatchObject({ success: true });
    expect(ENGINE_IDS.length).toBeGreaterThanOrEqual(12);
  });

  it("names each engine and each folder once", () => {
    expect(new Set(ENGINE_IDS).size).toBe(ENGINE_IDS.length);
    expect(new Set(ENGINE_FOLDERS).size).toBe(ENGINE_FOLDERS.length);
  });

  it("names folders that are there", () => {
    for (const folder of ENGINE_FOLDERS) expect(existsSync(join(root, folder)), folder).toBe(true);
  });

  it.each(ADAPTERS)("says the exact pin of $folder's package.json, with its own tsconfig and entry", (adapter) => {
    const manifest = JSON.parse(readFileSync(join(root, adapter.folder, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies[adapter.package]).toBe(adapter.version);
    expect(existsSync(join(root, adapter.folder, "tsconfig.json"))).toBe(true);
    expect(existsSync(join(root, adapter.folder, "src/index.ts"))).toBe(true);
  });

  it("says which adapter needs a PostgreSQL server to run, and parses that row", () => {
    const adapter = ADAPTERS[0]!;
    const onPostgres = { ...adapter, needs: ["postgres"] } as unknown as AdapterRow;
    expect([needsPostgres(adapter), needsPostgres(onPostgres)]).toEqual([false, true]);
    expect(FolderRow.safeParse(onPostgres).success).toBe(true);
    expect(FolderRow.safeParse({ ...adapter, needs: ["redis"] }).success).toBe(false);
  });

  it.each(ADAPTERS)("leaves $folder's lockfile and installed packages to npm, not Prettier", async (adapter) => {
    const ignorePath = join(root, ".prettierignore");
    for (const file of ["package-lock.json", "node_modules/zod/package.json"]) {
      const info = await prettier.getFileInfo(join(root, adapter.folder, file), { ignorePath });
      expect(info.ignored, `${adapter.folder}/${file}`).toBe(true);
    }
    // And the adapter's own source is formatted.
    const source = await prettier.getFileInfo(join(root, adapter.folder, "src/index.ts"), { ignorePath });
    expect(source.ignored).toBe(false);
  });
});

/** Where a list of engines could hide: the product, the scripts, the test configuration and the setup. */
const LISTED_IN = [".prettierignore", "package.json", "tsconfig.json", "vitest.config.ts"];
const SOURCE_DIRS = ["cli", "contract", "durable", "engines", "mcp", "runtime", "scripts", "test/setup", "web"];

function sourcesIn(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === "node_modules") return [];
    if (statSync(join(root, path)).isDirectory()) return sourcesIn(path);
    return /\.(ts|sh|json)$/.test(name) && !name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the one list", () => {
  // Two names of one kind may be a comparison or an example; three are a list that must come from the table.
  const names = [...ADAPTERS.map((a) => a.folder), ...ENGINE_IDS.filter((id) => /_(native|hardened)$/.test(id))];
  const files = [...LISTED_IN, ...SOURCE_DIRS.flatMap(sourcesIn)].filter((f) => f !== "engines/table.ts");

  it("is the engine table: no other file of the product, scripts, test configuration or setup names three of its adapters or framework engines", () => {
    expect(files.length).toBeGreaterThan(100);
    const lists = files.flatMap((file) => {
      const text = readFileSync(join(root, file), "utf8");
      const named = names.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
      return named.length >= 3 ? [`${file}: ${named.join(", ")}`] : [];
    });
    expect(lists).toEqual([]);
  });
});
