/**
 * evidence/mutation-v1.json (written by `npm run mutate`, which is too slow for the default run):
 * its shape, totals and score follow from its per-file numbers, and every surviving mutant carries
 * its reason: the one the committed data file gives for it, or `open` while the goal is not met.
 * The small hand-made files below show each check can fail.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  checkMutationEvidence,
  MUTATION_EVIDENCE_PATH,
  OPEN_REASON,
  scoreOf,
  type EquivalenceReasons,
  type MutationEvidence,
} from "../../scripts/mutation/evidence.js";
import { REASONS_PATH } from "../../scripts/mutation/write-evidence.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), "utf8"));
const committed = readJson(MUTATION_EVIDENCE_PATH) as MutationEvidence;
const committedReasons = readJson(REASONS_PATH) as EquivalenceReasons;

const counts = { killed: 0, timeout: 0, survived: 0, no_coverage: 0, errors: 0, ignored: 0 };
const KEY = "b.ts ConditionalExpression: x > 0 => true | in: if (x > 0) return x;";
const reasons: EquivalenceReasons = { [KEY]: "x is never negative here" };
/** 9 detected (8 killed, 1 timeout) of 10 that ran: 90%; a compile error does not count. */
const small: MutationEvidence = {
  schema: "agent-harness/mutation-v1",
  commit: "0".repeat(40),
  tools: { stryker_core: "9.5.1", vitest_runner: "9.5.1", vitest: "4.1.12", node: "v20.20.2" },
  scope: { mutate: ["a.ts"], tests: "a.test.ts", coverage_analysis: "perTest" },
  files: [
    { file: "a.ts", ...counts, killed: 5, timeout: 1, errors: 1, score: 100 },
    { file: "b.ts", ...counts, killed: 3, survived: 1, score: 75 },
  ],
  totals: { ...counts, killed: 8, timeout: 1, survived: 1, errors: 1, score: 90 },
  goal: { min_score: 90, met: true },
  survivors: [
    {
      file: "b.ts",
      line: 3,
      column: 7,
      status: "Survived",
      mutator: "ConditionalExpression",
      original: "x > 0",
      replacement: "true",
      key: KEY,
      reason: { kind: "equivalent", why: "x is never negative here" },
    },
  ],
};
/** The same file below the goal: b.ts has one more survivor, which nobody explained. */
const below: MutationEvidence = {
  ...small,
  files: [small.files[0]!, { ...small.files[1]!, survived: 2, score: 60 }],
  totals: { ...small.totals, survived: 2, score: 81.82 },
  goal: { min_score: 90, met: false },
  survivors: [
    ...small.survivors,
    { ...small.survivors[0]!, line: 9, key: "b.ts other", reason: { kind: "open", why: OPEN_REASON } },
  ],
};

describe("evidence/mutation-v1.json", () => {
  it("is consistent: totals and scores follow from the files, every survivor has its reason", () => {
    expect(checkMutationEvidence(committed, committedReasons)).toEqual([]);
  });

  it("covers the contract's source files, each with mutants, and records the goal of 90%", () => {
    expect(committed.files.length).toBeGreaterThanOrEqual(20);
    const outside = committed.files.filter((f) => !f.file.startsWith("contract/") || f.file.endsWith(".test.ts"));
    expect(outside).toEqual([]);
    expect(committed.goal.min_score).toBe(90);
    expect(committed.totals.killed).toBeGreaterThan(1000);
  });
});

describe("checkMutationEvidence (the check bites)", () => {
  it("accepts consistent files above and below the goal; the score is detected over what ran, in percent", () => {
    expect(checkMutationEvidence(small, reasons)).toEqual([]);
    expect(checkMutationEvidence(below, reasons)).toEqual([]);
    expect(scoreOf({ ...counts, killed: 2, survived: 1 })).toBe(66.67);
    expect(scoreOf(counts)).toBeNull();
  });

  it("refuses a total that is not the sum of the files", () => {
    const broken = { ...small, totals: { ...small.totals, killed: 9, score: 90.91 } };
    expect(checkMutationEvidence(broken, reasons)).toEqual(["totals.killed is 9, the files add up to 8"]);
  });

  it("refuses a score that does not follow from the counts, per file and in total", () => {
    const files = [small.files[0]!, { ...small.files[1]!, score: 80 }];
    expect(checkMutationEvidence({ ...small, files }, reasons)).toEqual([
      "b.ts: score 80 does not follow from its counts",
    ]);
    const totals = { ...small.totals, score: 95 };
    expect(checkMutationEvidence({ ...small, totals }, reasons)).toEqual([
      "totals.score 95 does not follow from totals",
    ]);
  });

  it("refuses a goal marked met below 90%", () => {
    expect(checkMutationEvidence({ ...below, goal: { min_score: 90, met: true } }, reasons)).toContain(
      "goal.met is true, the score says false",
    );
  });

  it("refuses a survivor the counts do not hold, or one listed in a file that is not there", () => {
    expect(checkMutationEvidence({ ...small, survivors: [] }, reasons)).toEqual([
      "b.ts: 0 survivors listed, 1 counted",
    ]);
    const elsewhere = [{ ...small.survivors[0]!, file: "c.ts" }];
    expect(checkMutationEvidence({ ...small, survivors: elsewhere }, reasons)).toEqual([
      "b.ts: 0 survivors listed, 1 counted",
      "survivor in c.ts, which is not among the files",
    ]);
  });

  it("refuses a reason that is not the data file's, and an open survivor once the goal is met", () => {
    const typed = [{ ...small.survivors[0]!, reason: { kind: "equivalent" as const, why: "typed by hand" } }];
    expect(checkMutationEvidence({ ...small, survivors: typed }, reasons)).toEqual([
      `b.ts:3 ConditionalExpression: its reason is not the data file's: ${KEY}`,
    ]);
    const open = [{ ...small.survivors[0]!, reason: { kind: "open" as const, why: OPEN_REASON } }];
    expect(checkMutationEvidence({ ...small, survivors: open }, {})).toEqual([
      `b.ts:3 ConditionalExpression survives without a reason although the goal is met: ${KEY}`,
    ]);
  });

  it("refuses another shape", () => {
    const { goal: _goal, ...withoutGoal } = small;
    expect(checkMutationEvidence(withoutGoal, reasons)).toEqual([
      "shape: goal: Invalid input: expected object, received undefined",
    ]);
    expect(checkMutationEvidence({ ...small, schema: "agent-harness/mutation-v2" }, reasons)[0]).toMatch(
      /^shape: schema:/,
    );
  });
});
