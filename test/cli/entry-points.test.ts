/**
 * Every entry point (scripts/, the package.json scripts, the MCP server and approver, the web
 * scripts) driven as a process through the bad input of `scenarios/cli-refusals.ts`. Each must
 * exit 2 (bad input) with its reason code first on stderr, and write nothing.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pooled } from "../../cli/index.js";
import { refusalCases, runEntryPoint, type EntryPointRun } from "../../scenarios/cli-refusals.js";

const scratch = mkdtempSync(join(tmpdir(), "entry-points-"));
const cases = refusalCases(scratch);
const runs = new Map<number, EntryPointRun>();

beforeAll(async () => {
  const results = await pooled(cases, 3, (c) => runEntryPoint(c.script, c.argv, 60_000));
  results.forEach((run, i) => runs.set(cases[i]!.id, run));
}, paced(600_000));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("every entry point refuses bad input with exit 2, a reason code, and nothing written", () => {
  it.each(cases.map((c) => [`${c.script} ${c.argv.map((a) => a.replace(scratch, "…")).join(" ")}`, c] as const))(
    "%s",
    (_, c) => {
      const run = runs.get(c.id)!;
      // One line says why, first (nothing ran before it), with the reason's code.
      const reason = run.stderr.split("\n")[0] ?? "";
      expect({ status: run.status, code: new RegExp(`\\b${c.code}\\b`).test(reason) }, run.stderr).toEqual({
        status: 2,
        code: true,
      });
      expect(run.stdout).toBe("");
      expect(readdirSync(join(scratch, `out-${c.id}`))).toEqual([]);
    },
  );
});
