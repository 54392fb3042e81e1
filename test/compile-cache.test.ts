/**
 * The run's compile cache (test/setup/compile-cache.ts): every test worker, and every process it starts, compiles
 * modules through one folder on disk, so the hundreds of processes a run starts compile each module once.
 */
import { spawnSync } from "node:child_process";
import { getCompileCacheDir } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../scenarios/mcp/stdio-server.js";
import { COMPILE_CACHE_DIR, COMPILE_CACHE_ENV } from "./setup/compile-cache.js";

/** Node's own escape hatch turns the cache off whatever the run asked for. */
const disabled = process.env["NODE_DISABLE_COMPILE_CACHE"] !== undefined;
const childCacheDir = () =>
  spawnSync(process.execPath, ["-p", "String(require('node:module').getCompileCacheDir())"], {
    encoding: "utf8",
  }).stdout.trim();

describe("the compile cache", () => {
  it("is on in this test worker, in the folder NODE_COMPILE_CACHE names (by default the project's .cache)", () => {
    const named = process.env[COMPILE_CACHE_ENV];
    expect(named, "vitest.config.ts names the folder").toBeDefined();
    // Node keeps one subfolder per version and architecture in it.
    expect(disabled ? getCompileCacheDir() : dirname(getCompileCacheDir() ?? "")).toBe(disabled ? undefined : named);
  });

  it("keeps its default folder where git does not look", () => {
    const ignored = spawnSync("git", ["check-ignore", "--quiet", "--no-index", join(COMPILE_CACHE_DIR, "x")], {
      cwd: REPO_ROOT,
    });
    expect(ignored.status).toBe(0);
  });

  it("is on in a process a test starts", () => {
    const inChild = childCacheDir();
    expect(inChild).toBe(String(getCompileCacheDir()));
    if (!disabled) expect(inChild).not.toBe("undefined");
  });
});
