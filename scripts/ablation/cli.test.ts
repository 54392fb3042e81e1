/**
 * `npm run ablation -- --framework ID`: one engine's layer, or a usage error for an engine without one; either
 * way the committed evidence, which holds every layer, is left as it is.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { main } from "../hardening-ablation.js";
import { ABLATION_PATH } from "./schema.js";

describe("hardening-ablation --framework", () => {
  it("refuses an engine whose factory carries no layer, with exit 2, and writes nothing", async () => {
    const before = readFileSync(ABLATION_PATH, "utf8");
    expect(await main(["--framework", "handwritten", "--quiet"])).toBe(2);
    expect(await main(["--framework", "no_such_engine", "--quiet"])).toBe(2);
    expect(readFileSync(ABLATION_PATH, "utf8")).toBe(before);
  });
});
