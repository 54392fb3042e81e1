/** evidence/module-manifest-v1.json names the current evidence files, and every one of them exists. */
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MANIFEST_PATH, namedPaths, readManifest, type ModuleManifest } from "../../scripts/evidence/manifest.js";
import { MODULE_ID, RUNTIME_RECORD_PATH } from "../../scripts/evidence/record.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const manifest = readManifest(join(root, MANIFEST_PATH));

/** Named paths that do not exist under `base`. */
const missing = (m: ModuleManifest, base: string) =>
  namedPaths(m).filter((entry) => !existsSync(join(base, entry.path)));

describe("evidence/module-manifest-v1.json", () => {
  it("points 13.evidence at the runtime record, for module 13-agent-harness", () => {
    expect(manifest.modules["13"]?.module).toBe(MODULE_ID);
    expect(manifest.modules["13"]?.evidence).toBe(RUNTIME_RECORD_PATH);
  });

  it("names only files that exist", () => {
    expect(namedPaths(manifest).length).toBeGreaterThanOrEqual(7);
    expect(missing(manifest, root)).toEqual([]);
  });

  it("names every evidence file of module 13 in evidence/", () => {
    const named = new Set(namedPaths(manifest).map((e) => e.path));
    const files = readdirSync(join(root, "evidence"))
      .filter((name) => /^13-.*\.json$/.test(name))
      .map((name) => `evidence/${name}`);
    expect(files.filter((file) => !named.has(file))).toEqual([]);
  });

  it("would fail on a name that does not exist (the check bites)", () => {
    const module13 = manifest.modules["13"];
    if (module13 === undefined) throw new Error("no module 13");
    const broken: ModuleManifest = {
      ...manifest,
      modules: {
        "13": {
          ...module13,
          comparison: { ...module13.comparison, langgraph: "evidence/13-framework-comparison-langgraph-v9.json" },
        },
      },
    };
    expect(missing(broken, root)).toEqual([
      { at: "13.comparison.langgraph", path: "evidence/13-framework-comparison-langgraph-v9.json" },
    ]);
  });
});
