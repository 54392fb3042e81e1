/**
 * The fast projects share each worker's loaded modules between test files (test/setup/projects.ts). A file that
 * replaces a module with `vi.mock` needs that module fresh: where another file loaded it first, the mock would not
 * take, and whether it did would depend on the order files reach a worker. Such a file must be named in a project
 * that isolates its files.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../scenarios/mcp/stdio-server.js";
import { PROJECTS } from "./setup/projects.js";

const SKIPPED = new Set(["node_modules", ".git", ".cache", ".stryker-tmp", "test-output"]);
const REPLACES_A_MODULE = /\bvi\.(?:mock|doMock)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith(".test.ts") ? [relative(REPO_ROOT, path)] : [];
  });
}

const isolatedFiles = new Set(PROJECTS.filter((p) => p.isolate).flatMap((p) => p.include));
const mocking = testFiles(REPO_ROOT).filter((file) =>
  REPLACES_A_MODULE.test(readFileSync(join(REPO_ROOT, file), "utf8")),
);

describe("test isolation", () => {
  it("names every file that replaces a module with vi.mock in an isolated project", () => {
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !isolatedFiles.has(file))).toEqual([]);
  });

  it("keeps the sabotage project to files that exist and replace a module", () => {
    const sabotage = PROJECTS.find((p) => p.name === "sabotage")?.include ?? [];
    expect(sabotage.filter((file) => !existsSync(join(REPO_ROOT, file)) || !mocking.includes(file))).toEqual([]);
  });

  it("shares modules in every fast project but that one", () => {
    const fast = PROJECTS.filter((p) => !p.name.startsWith("heavy:"));
    expect(fast.filter((p) => p.isolate).map((p) => p.name)).toEqual(["sabotage"]);
  });
});
