/**
 * An entry point's run module hashes with node:crypto however the entry loaded it: loadRun installs
 * the hashing before the module loads, even when the hashing module was loaded before and another
 * implementation (or none) was installed since.
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { installedHashing, installHashing, type Hashing } from "../../contract/index.js";
import { loadLikeCaller, loadRun, provideRequire, requireLikeCaller } from "../../durable/load-run.js";
import { nodeHashing } from "../../durable/node-hashing.js";

afterEach(() => installHashing(nodeHashing));

describe("loadRun", () => {
  it("installs node:crypto's hashing before a run module that hashes as it loads", async () => {
    installHashing(null as unknown as Hashing);
    const { digestOnLoad } = await loadRun(() => import("./testing/digest-on-load.js"));
    expect(digestOnLoad).toBe(createHash("sha256").update("loaded by loadRun").digest("hex"));
    expect(installedHashing()).toBe(nodeHashing);
  });

  it("replaces another implementation installed before the run loads", async () => {
    installHashing({ sha256Hex: () => "other", hmacSha256Hex: () => "other" });
    expect(await loadRun(async () => installedHashing())).toBe(nodeHashing);
  });
});

describe("loadLikeCaller", () => {
  // Through require it is only in a run loaded by require: the loading tests spawn one (test/comparison/loading.test.ts).
  it("imports for a caller that was imported (vitest imports every module)", async () => {
    const specifier = "./testing/digest-on-load.js";
    const loaded = await loadLikeCaller(import.meta.url, specifier, () => import("./testing/digest-on-load.js"));
    expect(loaded).toBe(await import("./testing/digest-on-load.js"));
  });
});

describe("requireLikeCaller", () => {
  it("requires from the caller's folder when no bundle offered the module", () => {
    const loaded = requireLikeCaller<{ name: string }>(import.meta.url, "../../package.json");
    expect(loaded.name).toBe("agent-harness");
  });

  it("takes an offered module from its bundle, evaluated once however often it is required", () => {
    let evaluated = 0;
    const specifier = "./testing/offered-only.cjs";
    provideRequire(new URL(specifier, import.meta.url).href, () => ({ copy: ++evaluated }));
    const first = requireLikeCaller<{ copy: number }>(import.meta.url, specifier);
    expect(requireLikeCaller(import.meta.url, specifier)).toBe(first);
    expect(first.copy).toBe(1);
    expect(evaluated).toBe(1);
  });
});
