/**
 * Evidence and route files are written all or nothing, and a folder that cannot be made is an
 * error, never a hang: on Node 20, `mkdirSync(…, { recursive: true })` under `/proc` never returns,
 * so each case runs in a child process with a time limit.
 */
import { spawnSync } from "node:child_process";
import { paced } from "../setup/pace.js";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sameApartFrom, writeFilesAtomically } from "../../cli/index.js";

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
    ).toEqual({ ok: true, value: [a, b] });
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

describe("a regeneration with the same results", () => {
  const evidence = (at: string, commit: string, verdict = "holds") =>
    `${JSON.stringify({ generated_at: at, commit, verdict }, null, 2)}\n`;
  const VOLATILE = ["generated_at", "commit"];

  it("leaves a file that differs only in its time and commit as it was, byte for byte, untouched", () => {
    const path = join(scratch, "same.json");
    const first = evidence("2026-12-01T00:00:00Z", "aaa");
    expect(writeFilesAtomically([{ path, text: first, volatile: VOLATILE }])).toEqual({ ok: true, value: [path] });
    utimesSync(path, new Date(0), new Date(0));
    const again = writeFilesAtomically([{ path, text: evidence("2026-12-06T00:00:00Z", "bbb"), volatile: VOLATILE }]);
    expect(again).toEqual({ ok: true, value: [] });
    expect(readFileSync(path, "utf8")).toBe(first);
    expect(statSync(path).mtimeMs).toBe(0);
  });

  it("rewrites it when anything else changed, and a file with no volatile fields when its text changed", () => {
    const path = join(scratch, "changed.json");
    const picture = join(scratch, "changed.mmd");
    writeFilesAtomically([
      { path, text: evidence("t1", "aaa"), volatile: VOLATILE },
      { path: picture, text: "graph TD" },
    ]);
    const changed = evidence("t2", "bbb", "fails");
    const result = writeFilesAtomically([
      { path, text: changed, volatile: VOLATILE },
      { path: picture, text: "graph LR" },
    ]);
    expect(result).toEqual({ ok: true, value: [path, picture] });
    expect([readFileSync(path, "utf8"), readFileSync(picture, "utf8")]).toEqual([changed, "graph LR"]);
  });

  it("compares only top-level volatile fields, and never text that is not a JSON object", () => {
    expect(sameApartFrom('{"a":1,"t":1}', '{"a":1,"t":2}', ["t"])).toBe(true);
    expect(sameApartFrom('{"a":{"t":1}}', '{"a":{"t":2}}', ["t"])).toBe(false);
    expect(sameApartFrom("[1]", "[2]", ["t"])).toBe(false);
    expect(sameApartFrom("same", "same")).toBe(true);
  });
});
