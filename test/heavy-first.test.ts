/**
 * The heavy-first order names real test files: a renamed or deleted file would silently drop out of
 * the order, and CI would start it last again.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HEAVY_FILES } from "./setup/heavy-first.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

describe("the heavy-first order", () => {
  it("names only test files that exist, each once", () => {
    expect(HEAVY_FILES.filter((file) => !existsSync(`${ROOT}${file}`) || !file.endsWith(".test.ts"))).toEqual([]);
    expect(new Set(HEAVY_FILES).size).toBe(HEAVY_FILES.length);
  });
});
