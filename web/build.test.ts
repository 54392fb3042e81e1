import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildWeb, folderBytes, isNodeBuiltin, WEB_BUDGET_BYTES, WEB_DIR } from "./build.js";

const temp: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), "web-build-"));
  temp.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(temp.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("the page bundle", () => {
  it("bundles for the browser with the reducer and the contract imported from handwritten/, unchanged", async () => {
    const outdir = await tempDir();
    const { metafile, bytes } = await buildWeb({ outdir });
    const root = join(WEB_DIR, "..");
    const inputs = Object.keys(metafile.inputs).map((path) => relative(root, join(process.cwd(), path)));
    for (const file of [
      "runtime/step.ts",
      "contract/facts.ts",
      "contract/execution.ts",
      "contract/approval.ts",
      "handwritten/fixtures/world.ts",
      "web/main.ts",
      // The flow page runs the project's MCP server itself, not a copy.
      "web/flow-main.ts",
      "mcp/server.ts",
      "mcp/call-tool.ts",
    ]) {
      expect(inputs).toContain(file);
    }
    expect(
      inputs.filter((path) => path.startsWith("node:") || /(^|\/)node_modules\/@types\/node\//.test(path)),
    ).toEqual([]);
    // The reference run is test support: it must not leak into the page.
    expect(inputs).not.toContain("web/testing/reference.ts");
    expect(inputs).not.toContain("handwritten/engine/test-helpers.ts");
    // Split into chunks: every script the pages load is checked, not only the entry points.
    const files = await readdir(outdir);
    const scripts = files.filter((name) => name.endsWith(".js"));
    expect(scripts).toEqual(expect.arrayContaining(["main.js", "flow.js"]));
    for (const name of scripts) {
      const bundle = await readFile(join(outdir, name), "utf8");
      expect(bundle, name).not.toMatch(/\brequire\(\s*["'](node:)?(fs|path|crypto|child_process)["']/);
      expect(bundle, name).not.toMatch(/from\s*["']node:/);
    }
    // The teaching pages' budget, for the folder as shipped (no source maps by default).
    expect(bytes).toBe(await folderBytes(outdir));
    expect(bytes).toBeLessThanOrEqual(WEB_BUDGET_BYTES);
    expect(files.filter((name) => name.endsWith(".map"))).toEqual([]);
    expect(inputs).not.toContain("mcp/audit-file.ts");
    for (const file of ["index.html", "styles.css", "flow.html", "flow.css", "flow.js"])
      expect((await readFile(join(outdir, file), "utf8")).length).toBeGreaterThan(100);
  });

  it("fails the build when a node: import or a bare Node built-in sneaks in", async () => {
    const dir = await tempDir();
    for (const [name, source] of [
      ["a.ts", 'import { readFileSync } from "node:fs";\nconsole.log(readFileSync);\n'],
      ["b.ts", 'import { createHash } from "crypto";\nconsole.log(createHash);\n'],
    ] as const) {
      const entry = join(dir, name);
      await writeFile(entry, source);
      await expect(buildWeb({ outdir: join(dir, "out"), entry })).rejects.toThrow(
        /Node-only import "(node:fs|crypto)"/,
      );
    }
  });

  it("recognises Node built-ins, with and without the node: prefix", () => {
    for (const name of ["node:fs", "fs", "fs/promises", "crypto", "child_process", "node:test"])
      expect(isNodeBuiltin(name), name).toBe(true);
    for (const name of ["zod", "@noble/hashes/sha2.js", "./step.js", "../contract/index.js"])
      expect(isNodeBuiltin(name), name).toBe(false);
  });
});
