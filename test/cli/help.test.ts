/**
 * `--help` on every entry point: the package.json scripts' files and every scripts/*.ts, found, not
 * listed, so a new entry point without usage fails here. Each prints its usage on stdout and exits 0,
 * and runs nothing (stderr says nothing). And the report's evidence folder, refused like a file when
 * it is missing or not a folder (report.ts draws with zod, so it is not in the light entries' table).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pooled } from "../../cli/index.js";
import { runEntryPoint, type EntryPointRun } from "../../scenarios/cli-refusals.js";
import { paced } from "../setup/pace.js";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> })
  .scripts;

/** The files the package.json scripts run with tsx, and every top-level script. */
export const ENTRY_POINTS: readonly string[] = [
  ...new Set([
    ...Object.values(scripts).flatMap((line) => [...line.matchAll(/\btsx\s+([\w./-]+\.ts)/g)].map((m) => m[1]!)),
    ...readdirSync(join(root, "scripts"))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => `scripts/${name}`),
  ]),
].sort();

const runs = new Map<string, EntryPointRun>();
beforeAll(async () => {
  const results = await pooled(ENTRY_POINTS, 3, (script) => runEntryPoint(script, ["--help"], paced(60_000)));
  results.forEach((run, i) => runs.set(ENTRY_POINTS[i]!, run));
}, paced(600_000));

describe("--help", () => {
  it("finds the entry points: the MCP server, compare, the matrix, the report among them", () => {
    expect(ENTRY_POINTS).toEqual(
      expect.arrayContaining([
        "mcp/server-main.ts",
        "scripts/compare.ts",
        "scripts/framework-matrix.ts",
        "scripts/report.ts",
      ]),
    );
  });

  it.each(ENTRY_POINTS)("%s prints its usage on stdout and exits 0", (script) => {
    const run = runs.get(script)!;
    expect({ status: run.status, usage: /usage/i.test(run.stdout), stderr: run.stderr }).toEqual({
      status: 0,
      usage: true,
      stderr: "",
    });
  });
});

describe("report.ts --evidence", () => {
  const scratch = mkdtempSync(join(tmpdir(), "report-evidence-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it.each([
    ["a folder that is not there", join(scratch, "missing"), "input_not_found"],
    ["a file", join(root, "package.json"), "input_not_regular"],
  ])(
    "%s: exit 2, its reason code on one line, nothing written",
    async (_, evidence, code) => {
      const output = join(scratch, "out", "index.html");
      const run = await runEntryPoint("scripts/report.ts", ["--evidence", evidence, "--output", output], paced(60_000));
      expect({
        status: run.status,
        first: run.stderr.split("\n")[0] ?? "",
        lines: run.stderr.trim().split("\n").length,
      }).toEqual({
        status: 2,
        first: expect.stringContaining(`(${code})`),
        lines: 1,
      });
      expect(readdirSync(scratch)).not.toContain("out");
    },
    paced(120_000),
  );
});
