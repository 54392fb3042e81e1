/**
 * `--help` on every entry point: the package.json scripts' files and every scripts/*.ts, found, not
 * listed, so a new entry point without usage fails here. Each prints its usage on stdout and exits 0,
 * and runs nothing (stderr says nothing).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
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
