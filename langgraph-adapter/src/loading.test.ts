/**
 * What `compare --framework langgraph` loads, run as a person runs it (through tsx) with a hook
 * that lists every ES module loaded and, at exit, every CommonJS file: LangGraph loads once,
 * through require (langgraph.ts), and never as ES modules beside it (two copies would cost their
 * load twice and fail LangGraph's instanceof checks); a command that reads only JSON loads no
 * YAML parser (cli/input-depth.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "langgraph-loading-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const HOOKS = `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  appendFileSync(process.env.LOADED_FILES, "import " + url + "\\n");
  return next(url, context);
}
`;
const REGISTER = `import { appendFileSync } from "node:fs";
import { createRequire, register } from "node:module";
register(new URL("./hooks.mjs", import.meta.url));
const cache = createRequire(import.meta.url).cache;
process.on("exit", () => {
  for (const file of Object.keys(cache)) appendFileSync(process.env.LOADED_FILES, "require " + file + "\\n");
});
`;

function loadedBy(args: readonly string[]): { status: number | null; files: string[]; stderr: string } {
  writeFileSync(join(scratch, "hooks.mjs"), HOOKS);
  writeFileSync(join(scratch, "register.mjs"), REGISTER);
  const list = join(scratch, "loaded.txt");
  writeFileSync(list, "");
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "--import", join(scratch, "register.mjs"), "scripts/compare.ts", ...args],
    { cwd: ROOT, env: { ...process.env, LOADED_FILES: list }, encoding: "utf8" },
  );
  return { status: run.status, files: readFileSync(list, "utf8").split("\n").filter(Boolean), stderr: run.stderr };
}

describe("compare --framework langgraph loads LangGraph once", () => {
  it("through require only, and no YAML parser", { timeout: 180_000 }, () => {
    const output = join(scratch, "comparison.json");
    const { status, files, stderr } = loadedBy(["--framework", "langgraph", "--output", output, "--quiet"]);
    expect(status, stderr).toBe(0);
    expect((JSON.parse(readFileSync(output, "utf8")) as { status: string }).status).toBe("measured");
    const langchain = files.filter((f) => /[\\/]node_modules[\\/]@langchain[\\/]/.test(f));
    expect(langchain.filter((f) => f.startsWith("import "))).toEqual([]);
    expect(langchain).toContainEqual(
      expect.stringMatching(/^require .*@langchain[\\/]langgraph[\\/]dist[\\/]index\.cjs$/),
    );
    expect(files.filter((f) => /[\\/]node_modules[\\/]yaml[\\/]/.test(f))).toEqual([]);
  });
});
