/** The sample outputs in the README and docs/ are printed from the committed evidence, never pasted. */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fillRegions, GENERATORS, regionsOf, renderDocuments } from "../../scripts/docs/index.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

describe("generated regions of the documentation", () => {
  const documents = renderDocuments(root);

  it("match what npm run docs would write from the evidence now", () => {
    if (!documents.ok) throw new Error(documents.error);
    expect(documents.value.map((d) => d.path)).toContain("README.md");
    for (const d of documents.value)
      expect(d.current, `${d.path} differs from its evidence: run npm run docs`).toBe(d.generated);
  });

  it("use every generator somewhere, so no sample is left unchecked", () => {
    if (!documents.ok) throw new Error(documents.error);
    const used = documents.value.flatMap((d) => {
      const regions = regionsOf(d.current);
      return regions.ok ? regions.value.map((r) => r.name) : [];
    });
    expect([...new Set(used)].sort()).toEqual(Object.keys(GENERATORS).sort());
  });

  it("keep the README a front door of at most 300 lines", () => {
    const lines = readFileSync(join(root, "README.md"), "utf8").split("\n").length;
    expect(lines).toBeLessThanOrEqual(300);
  });

  it("name only npm scripts that exist", () => {
    if (!documents.ok) throw new Error(documents.error);
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts,
    );
    const named = documents.value.flatMap((d) =>
      [...d.current.matchAll(/npm run (?:--silent )?([a-z][a-z:-]*)/g)].map((m) => `${d.path}: ${m[1]}`),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((n) => !scripts.includes(n.split(": ")[1] ?? ""))).toEqual([]);
  });
});

describe("fillRegions", () => {
  const text =
    "intro\n<!-- generated:a -->\nold line\n<!-- /generated:a -->\nmiddle\n<!-- generated:b -->\n<!-- /generated:b -->\nend\n";
  const generate = (name: string) => ({ a: "fresh A\n", b: "fresh B" })[name as "a" | "b"];

  it("replaces each region's body with its generator's lines and leaves the prose alone", () => {
    expect(fillRegions(text, generate)).toEqual({
      ok: true,
      value:
        "intro\n<!-- generated:a -->\nfresh A\n<!-- /generated:a -->\nmiddle\n<!-- generated:b -->\nfresh B\n<!-- /generated:b -->\nend\n",
    });
  });

  it("reports an edited generated line as a difference", () => {
    const filled = fillRegions(text, generate);
    if (!filled.ok) throw new Error(filled.error);
    const edited = filled.value.replace("fresh A", "fresh A, edited by hand");
    expect(fillRegions(edited, generate)).toEqual(filled);
    expect(edited).not.toBe(filled.value);
  });

  it("refuses an unknown name, an unclosed region and a region inside another", () => {
    expect(fillRegions("<!-- generated:c -->\n<!-- /generated:c -->", generate)).toEqual({
      ok: false,
      error: "generated:c: no generator of that name",
    });
    expect(fillRegions("<!-- generated:a -->\nx\n", generate)).toEqual({
      ok: false,
      error: "generated:a is never closed (<!-- /generated:a -->)",
    });
    expect(
      fillRegions("<!-- generated:a -->\n<!-- generated:b -->\n<!-- /generated:b -->\n<!-- /generated:a -->", generate),
    ).toEqual({ ok: false, error: "generated:b opens inside another region" });
  });
});
