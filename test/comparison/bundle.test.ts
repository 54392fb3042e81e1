/**
 * The run's bundle (scripts/comparison/bundle.ts) is never older than its sources: a second run takes
 * the bundle already built, and a change to a source (even one that keeps its size and modification
 * time), or a file added beside one, builds it again.
 * Modules the process already loaded stay outside it, and each module keeps its own import.meta.url.
 */
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { prepareBundle } from "../../scripts/comparison/bundle.js";

type Entry = { read: () => number; url: string; leafUrl: string; sharedLoads: () => number; text: string };

const root = mkdtempSync(join(tmpdir(), "bundle-"));
const cacheDir = mkdtempSync(join(tmpdir(), "bundle-cache-"));
afterAll(() => [root, cacheDir].forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const file = (name: string, text: string) => writeFileSync(join(root, name), text);
const sharedFile = join(root, "shared.cjs");

file(
  "entry.ts",
  'import { value, leafUrl } from "./leaf.js";\nimport shared from "./shared.cjs";\nexport { text } from "./text.js";\n' +
    "export const read = (): number => value;\nexport const url = import.meta.url;\nexport { leafUrl };\n" +
    "export const sharedLoads = (): number => shared.loads;\n",
);
file("leaf.ts", "export const value: number = 1;\nexport const leafUrl = import.meta.url;\n");
// Beyond ASCII, and astral: the bundle is kept escaped to ASCII and read back as latin1.
const TEXT = "café — ✓ 𝄞";
file("text.ts", `export const text = ${JSON.stringify(TEXT)};\n`);
file(
  "shared.cjs",
  "globalThis.sharedLoads = (globalThis.sharedLoads ?? 0) + 1;\nmodule.exports = { get loads() { return globalThis.sharedLoads; } };\n",
);
createRequire(import.meta.url)(sharedFile);

const load = async () =>
  (await prepareBundle<Entry>({ root, entry: "entry.ts", shared: new Set([sharedFile]), cacheDir }))();
const bundleInode = async () => {
  const { readdirSync } = await import("node:fs");
  const name = readdirSync(cacheDir).find((f) => f.endsWith(".cjs"));
  return statSync(join(cacheDir, name ?? "missing")).ino;
};

describe("the run's bundle", () => {
  it("gives each module its own import.meta.url and leaves a loaded module outside", async () => {
    const entry = await load();
    expect(entry.read()).toBe(1);
    expect(entry.url).toBe(pathToFileURL(join(root, "entry.ts")).href);
    expect(entry.leafUrl).toBe(pathToFileURL(join(root, "leaf.ts")).href);
    // Required by path, so the copy this process loaded: loaded once.
    expect(entry.sharedLoads()).toBe(1);
    expect(entry.text).toBe(TEXT);
  });

  it("reads its text back as built, characters beyond ASCII included", async () => {
    expect((await load()).text).toBe(TEXT);
  });

  it("is taken as it was built while no source changed", async () => {
    const before = await bundleInode();
    expect((await load()).read()).toBe(1);
    expect(await bundleInode()).toBe(before);
  });

  it("is built again when a source changes", async () => {
    const before = await bundleInode();
    file("leaf.ts", "export const value: number = 2;\nexport const leafUrl = import.meta.url;\n");
    expect((await load()).read()).toBe(2);
    expect(await bundleInode()).not.toBe(before);
  });

  it("is built again when a file is added beside a source", async () => {
    const before = await bundleInode();
    file("other.ts", "export {};\n");
    expect((await load()).read()).toBe(2);
    expect(await bundleInode()).not.toBe(before);
  });

  it("is built again when a source keeps its size and modification time", { timeout: paced(20_000) }, async () => {
    const leaf = join(root, "leaf.ts");
    const then = 1_700_000_000; // whole seconds, which utimes sets back exactly
    utimesSync(leaf, then, then);
    // Left alone long enough before a build for its times to be listed; the file added makes that build.
    await new Promise((done) => setTimeout(done, 2_100));
    file("another.ts", "export {};\n");
    expect((await load()).read()).toBe(2);
    const { size } = statSync(leaf);
    file("leaf.ts", "export const value: number = 3;\nexport const leafUrl = import.meta.url;\n");
    utimesSync(leaf, then, then);
    expect(statSync(leaf)).toMatchObject({ size, mtimeMs: then * 1000 });
    expect((await load()).read()).toBe(3);
  });
});
