/** The one reader of input files and the one flag parser every entry point uses (cli/input-*.ts, cli/flags.ts). */
import { spawnSync } from "node:child_process";
import { paced } from "../setup/pace.js";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { parseFlags, readInputFile, wholeNumber, yamlDepthExceeds, jsonDepthExceeds } from "../../cli/index.js";

const dir = mkdtempSync(join(tmpdir(), "input-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name));
const errorOf = (path: string, maxBytes = 1024, maxDepth?: number) => {
  const read = readInputFile(path, { maxBytes, ...(maxDepth === undefined ? {} : { maxDepth }) });
  return read.ok ? null : { exit: read.error.exit, code: read.error.code };
};

describe("readInputFile", () => {
  it("reads a regular file within the limit", () => {
    expect(readInputFile(file("ok.json", '{"a": [1]}'), { maxBytes: 10, maxDepth: 2 })).toEqual({
      ok: true,
      value: '{"a": [1]}',
    });
  });

  it("refuses a FIFO, a directory and a device unread and at once (exit 2), where a plain read would block or fail", () => {
    const fifo = join(dir, "fifo");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    mkdirSync(join(dir, "folder"));
    for (const path of [fifo, join(dir, "folder"), "/dev/zero"]) {
      const started = Date.now();
      expect(errorOf(path)).toEqual({ exit: 2, code: "input_not_regular" });
      expect(Date.now() - started).toBeLessThan(paced(1000));
    }
  });

  it("refuses a file over the byte limit, by its size and by what it yields (a /proc file says 0 bytes)", () => {
    expect(errorOf(file("big.txt", "x".repeat(1025)))).toEqual({ exit: 2, code: "input_too_large" });
    expect(errorOf(file("edge.txt", "x".repeat(1024)))).toBeNull();
    expect(errorOf("/proc/self/status", 16)).toEqual({ exit: 2, code: "input_too_large" });
  });

  it("refuses a file nested deeper than the limit before any parser sees it", () => {
    expect(errorOf(file("deep.json", `${"[".repeat(1000)}${"]".repeat(1000)}`), 4096, 64)).toEqual({
      exit: 2,
      code: "input_too_deep",
    });
  });

  it("tells a path naming nothing (2) from a file that cannot be read (4)", () => {
    expect(errorOf(join(dir, "absent.json"))).toEqual({ exit: 2, code: "input_not_found" });
    expect(errorOf(join(dir, "ok.json", "below"))).toEqual({ exit: 2, code: "input_not_found" });
    expect(errorOf("")).toEqual({ exit: 2, code: "input_not_found" });
    // A regular file whose read fails (EIO at offset 0), even for root.
    expect(errorOf("/proc/self/mem")).toEqual({ exit: 4, code: "input_unreadable" });
  });
});

describe("depth before parsing", () => {
  it("counts JSON brackets outside strings only, escapes included", () => {
    expect(jsonDepthExceeds('[[["]]]]]]\\"[[[["]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[["]]]]]]\\"[[[["]]]', 2)).toBe(true);
    expect(jsonDepthExceeds('{"a": {"b": "}}}}"}, "c": [[[1]]]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a": {"b": "}}}}"}, "c": [[[1]]]}', 3)).toBe(true);
  });

  it("finds YAML flow and block nesting, compact (- - -) and by indentation", () => {
    expect(yamlDepthExceeds(`${"- ".repeat(1000)}x\n`, 64)).toBe(true);
    expect(yamlDepthExceeds(`${"[".repeat(100)}${"]".repeat(100)}\n`, 64)).toBe(true);
    const indented = Array.from({ length: 100 }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n");
    expect(yamlDepthExceeds(`${indented} 1\n`, 64)).toBe(true);
    // Collections opened compactly stay counted on the lines inside them.
    expect(yamlDepthExceeds("- - - - - - a\n          - b\n", 5)).toBe(true);
  });

  it("does not count brackets in quoted or block scalars and comments, nor siblings as nesting", () => {
    const text = [
      "a: '[[[[[[ it''s ['",
      'b: "[[[[[[ \\" [[["',
      "c: |",
      '  "[[[[[[',
      "  {{{{{{",
      "d: x # [[[[[[[[",
      "e:",
      "  - f: [1, {g: 2}]",
      "  - f: [3]",
      ...Array.from({ length: 200 }, (_, i) => `  - item${i}`),
      "h:",
      "- seq under a key",
      "i: 1",
    ].join("\n");
    // The deepest: the top map, e's sequence, f's map, the flow sequence and the flow map in it.
    expect(yamlDepthExceeds(text, 5)).toBe(false);
    expect(yamlDepthExceeds(text, 4)).toBe(true);
  });

  it("costs a small part of the parse it guards: linear, one lexer pass", () => {
    const text = Array.from({ length: 500 }, (_, i) => `k${i}: [1, {a: "x"}]`).join("\n");
    // The fastest of five of each: a moment of load on a shared machine lengthens one run, not all five.
    const fastest = (work: () => unknown) =>
      Math.min(
        ...Array.from({ length: 5 }, () => {
          const started = performance.now();
          work();
          return performance.now() - started;
        }),
      );
    const parse = fastest(() => parseDocument(text));
    expect(yamlDepthExceeds(text, 64)).toBe(false);
    expect(fastest(() => yamlDepthExceeds(text, 64))).toBeLessThan(parse / 2);
  });
});

describe("parseFlags and wholeNumber", () => {
  const spec = { output: { type: "string" }, quiet: { type: "boolean" } } as const;
  const codeOf = (argv: string[]) => {
    const parsed = parseFlags(argv, spec);
    return parsed.ok ? parsed.value.values : parsed.error.code;
  };

  it("refuses a flag given twice, whatever the values, and an empty value", () => {
    expect(codeOf(["--output", "a", "--output", "b"])).toBe("flag_repeated");
    expect(codeOf(["--output=a", "--output", "a"])).toBe("flag_repeated");
    expect(codeOf(["--quiet", "--quiet"])).toBe("flag_repeated");
    expect(codeOf(["--output", ""])).toBe("flag_empty");
    expect(codeOf(["--output= "])).toBe("flag_empty");
    expect(codeOf(["--outptu", "a"])).toBe("unknown_flag");
    expect(codeOf(["stray"])).toBe("unknown_flag");
    expect(codeOf(["--output", "a", "--quiet"])).toEqual({ output: "a", quiet: true });
  });

  it("takes whole numbers written as digits, within their range", () => {
    const range = { min: 1, max: 10_000_000, fallback: 7 };
    const of = (text: string | undefined) => {
      const n = wholeNumber("schedules", text, range);
      return n.ok ? n.value : n.error.code;
    };
    expect([of(undefined), of("1"), of("10000000")]).toEqual([7, 1, 10_000_000]);
    expect([of("0"), of("10000001"), of("100000000000000000000")]).toEqual(Array(3).fill("out_of_range"));
    expect([of("1e20"), of(""), of(" 1"), of("-1"), of("0x10"), of("1.0")]).toEqual(Array(6).fill("bad_number"));
  });
});
