/**
 * Each adapter's hardening example (its row's `example`, engines/table.ts) runs as a team would run it
 * (`npx tsx <example>`): offline, with a scripted model, on a tool the harness does not ship. It exits 1 when
 * one of its checks fails. An adapter that is not installed is left out, named on the not-measured line.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ADAPTERS, exampleOf } from "../../engines/catalogue.js";
import { paced } from "../setup/pace.js";
import { adapterPresent } from "../setup/requirements.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const EXAMPLES = ADAPTERS.flatMap((adapter) => {
  const example = exampleOf(adapter);
  return example === null ? [] : [{ folder: adapter.folder, example, present: adapterPresent(adapter) }];
});

describe("the adapters' hardening examples", () => {
  it("are named by rows of the engine table, each a file that is there", () => {
    expect(EXAMPLES.length).toBeGreaterThan(0);
    for (const { example } of EXAMPLES) expect(existsSync(join(ROOT, example)), example).toBe(true);
  });

  for (const { folder, example } of EXAMPLES.filter((e) => e.present))
    it(
      `${example} (${folder}) runs offline and exits 0, every check it prints holding`,
      () => {
        const run = spawnSync(process.execPath, ["--import", "tsx", example], {
          cwd: ROOT,
          encoding: "utf8",
          timeout: paced(120_000),
        });
        expect(run.stderr).toBe("");
        expect(run.status).toBe(0);
        const lines = run.stdout.split("\n").filter((line) => /^(ok|FAIL)\b/.test(line));
        expect(lines.length).toBeGreaterThan(2);
        expect(lines.filter((line) => !line.startsWith("ok"))).toEqual([]);
      },
      paced(150_000),
    );
});
