/**
 * Evidence and route files are written all or nothing, and a folder that cannot be made is an
 * error, never a hang: on Node 20, `mkdirSync(…, { recursive: true })` under `/proc` never returns,
 * so each case runs in a child process with a time limit.
 */
import { spawnSync } from "node:child_process";
import { paced } from "../setup/pace.js";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeFilesAtomically } from "../../cli/index.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-files-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `writeFilesAtomically` in a child (a hang there must not hang vitest) and returns its result. */
function writeInChild(files: readonly { path: string; text: string }[]): { ok: boolean; error?: string } {
  const source = `import { writeFilesAtomically } from ${JSON.stringify(new URL("../../cli/index.ts", import.meta.url).pathname)};
process.stdout.write(JSON.stringify(writeFilesAtomically(${JSON.stringify(files)})));`;
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", source], {
    encoding: "utf8",
    timeout: paced(20_000),
  });
  if (child.error !== undefined) throw new Error(`the child did not finish: ${child.error.message}`);
  return JSON.parse(child.stdout) as { ok: boolean; error?: string };
}

describe("writeFilesAtomically", () => {
  it("makes missing folders and writes every file", () => {
    const a = join(scratch, "made", "deeper", "a.json");
    const b = join(scratch, "made", "b.json");
    expect(
      writeFilesAtomically([
        { path: a, text: "A" },
        { path: b, text: "B" },
      ]),
    ).toEqual({ ok: true, value: undefined });
    expect([readFileSync(a, "utf8"), readFileSync(b, "utf8")]).toEqual(["A", "B"]);
  });

  it("a folder that cannot be made is an error naming the path, and nothing is written", () => {
    const kept = join(scratch, "kept.json");
    const result = writeInChild([
      { path: kept, text: "first" },
      { path: "/proc/agent-harness-missing/x/evidence.json", text: "second" },
    ]);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/ENOENT.*\/proc\/agent-harness-missing/);
    expect(existsSync(kept)).toBe(false);
    expect(readdirSync(scratch).filter((name) => name.includes(".tmp"))).toEqual([]);
  });
});
