/**
 * Evidence and route files are written all or nothing, and a folder that cannot be made is an
 * error, never a hang: on Node 20, `mkdirSync(…, { recursive: true })` under `/proc` never returns,
 * so each case runs in a child process with a time limit.
 */
import { spawnSync } from "node:child_process";
import { paced } from "../setup/pace.js";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { sameApartFrom, writeFilesAtomically } from "../../cli/index.js";
import { main as sensitiveCorpusMain } from "../../scripts/sensitive-corpus.js";

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-files-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `writeFilesAtomically` in a child (a hang there must not hang vitest) and returns its result. */
function writeInChild(files: readonly { path: string; text: string }[]): {
  ok: boolean;
  error?: { code: string; message: string };
} {
  const source = `import { writeFilesAtomically } from ${JSON.stringify(new URL("../../cli/index.ts", import.meta.url).pathname)};
process.stdout.write(JSON.stringify(writeFilesAtomically(${JSON.stringify(files)})));`;
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", source], {
    encoding: "utf8",
    timeout: paced(20_000),
  });
  if (child.error !== undefined) throw new Error(`the child did not finish: ${child.error.message}`);
  return JSON.parse(child.stdout) as { ok: boolean; error?: { code: string; message: string } };
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
    expect(result.error?.code).toBe("write_failed");
    expect(result.error?.message).toMatch(/ENOENT.*\/proc\/agent-harness-missing/);
    expect(existsSync(kept)).toBe(false);
    expect(readdirSync(scratch).filter((name) => name.includes(".tmp"))).toEqual([]);
  });

  describe("only a regular file is replaced", () => {
    /** What stands at `path`, told apart without following a symlink. */
    const kindOf = (path: string) => {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) return `symlink to ${readlinkSync(path)}`;
      if (stat.isFIFO()) return "fifo";
      if (stat.isCharacterDevice()) return "device";
      if (stat.isDirectory()) return "directory";
      return stat.isFile() ? `file: ${readFileSync(path, "utf8")}` : "other";
    };
    const made = (name: string, make: (path: string) => void) => {
      const path = join(scratch, name);
      make(path);
      return path;
    };
    const run = (command: string, ...args: string[]) => {
      const child = spawnSync(command, args, { encoding: "utf8" });
      if (child.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${child.stderr || child.error?.message}`);
    };
    /**
     * A device node of our own (the null device's numbers), never /dev/null as root: a broken writer would
     * replace it. Without root, /dev/null is safe to aim at (its folder refuses the rename) and no node can be made.
     */
    const deviceNode = () => {
      try {
        return made("device", (path) => run("mknod", path, "c", "1", "3"));
      } catch (error) {
        if (process.getuid?.() === 0) throw error;
        return "/dev/null";
      }
    };
    const target = made("target.txt", (path) => writeFileSync(path, "the link's target"));
    const places: readonly (readonly [string, string])[] = [
      ["a FIFO", made("fifo", (path) => run("mkfifo", path))],
      ["a symbolic link", made("link", (path) => symlinkSync(target, path))],
      ["a directory", made("folder", (path) => mkdirSync(path))],
      ["a device", deviceNode()],
    ];

    for (const [what, path] of places)
      it(`${what} at the output path is output_not_regular, and it stays as it was`, () => {
        const before = kindOf(path);
        const kept = join(scratch, `kept-beside-${basenameOf(path)}.json`);
        const result = writeFilesAtomically([
          { path: kept, text: "first" },
          { path, text: "second" },
        ]);
        expect(result.ok ? "written" : result.error.code).toBe("output_not_regular");
        expect(result.ok ? "" : result.error.message).toContain(`${path} is ${what}`);
        expect([kindOf(path), kindOf(target), existsSync(kept)]).toEqual([before, "file: the link's target", false]);
        expect(readdirSync(scratch).filter((name) => name.includes(".tmp"))).toEqual([]);
      });

    it("a regular file is replaced, and a symlink planted at the temporary name is not followed", () => {
      const path = made("regular.json", (p) => writeFileSync(p, "old"));
      symlinkSync(target, `${path}.${process.pid}.tmp`);
      expect(writeFilesAtomically([{ path, text: "new" }])).toEqual({ ok: true, value: [path] });
      expect([kindOf(path), kindOf(target)]).toEqual(["file: new", "file: the link's target"]);
    });

    it("a command given such an --output exits 2, naming output_not_regular, and replaces nothing", async () => {
      const [, fifo] = places[0]!;
      const stderr: string[] = [];
      const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (stderr.push(String(chunk)), true));
      try {
        expect(await sensitiveCorpusMain(["--output", fifo])).toBe(2);
      } finally {
        spy.mockRestore();
      }
      expect(stderr.join("")).toContain("output_not_regular");
      expect(kindOf(fifo)).toBe("fifo");
    });
  });
});

const basenameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

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
