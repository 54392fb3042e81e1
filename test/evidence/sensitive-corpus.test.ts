import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SENSITIVE_KINDS } from "../../contract/sensitive-corpus.js";
import { DEFAULT_OUTPUT, isComplete, main, renderReport } from "../../scripts/sensitive-corpus.js";
import { measureCorpus, SensitiveCorpusReport } from "../../scripts/sensitive/report.js";

const measured = measureCorpus();

describe("evidence/sensitive-corpus-v1.json", () => {
  it("is what scripts/sensitive-corpus.ts writes from the code and corpus as they are (npm run evidence:sensitive)", () => {
    expect(readFileSync(DEFAULT_OUTPUT, "utf8")).toBe(renderReport(measured));
  });

  it("claims every kind, each at 100% found, redacted whole and refused as tool input", () => {
    const report = SensitiveCorpusReport.parse(JSON.parse(readFileSync(DEFAULT_OUTPUT, "utf8")));
    expect(Object.keys(report.kinds).sort()).toEqual([...SENSITIVE_KINDS].sort());
    for (const tally of Object.values(report.kinds)) {
      expect(tally.samples).toBeGreaterThan(0);
      expect([tally.detected, tally.redacted, tally.refused_as_input]).toEqual([
        tally.samples,
        tally.samples,
        tally.samples,
      ]);
    }
    expect(report.private_keys).toEqual({ keys: 24, fully_redacted: 24 });
    expect(report.plain.flagged).toEqual([]);
    expect(report.misses).toEqual([]);
    expect(isComplete(report)).toBe(true);
  });
});

describe("isComplete", () => {
  it.each([
    [
      "a kind short of one redaction",
      { kinds: { ...measured.kinds, email: { ...measured.kinds.email, redacted: 0 } } },
    ],
    ["a plain sample flagged", { plain: { ...measured.plain, flagged: ["hello"] } }],
    ["a key left partly in place", { private_keys: { keys: 24, fully_redacted: 23 } }],
    ["a miss", { misses: [{ kind: "phone" as const, name: "x", failed: ["detected"] }] }],
  ])("is false with %s", (_what, change) => {
    expect(isComplete({ ...measured, ...change })).toBe(false);
  });
});

describe("scripts/sensitive-corpus.ts", () => {
  const dir = mkdtempSync(join(tmpdir(), "sensitive-corpus-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the report to --output and exits 0", async () => {
    const output = join(dir, "out.json");
    expect(await main(["--output", output])).toBe(0);
    expect(readFileSync(output, "utf8")).toBe(renderReport(measured));
  });

  it.each([[["--output", ""]], [["--bogus"]], [["stray"]]])("exits 2 on %j", async (argv) => {
    expect(await main(argv)).toBe(2);
  });
});
