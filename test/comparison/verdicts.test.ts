/**
 * Two verdicts per cell: a foreign engine is charged with what it did in the world, not with the contract's words.
 * The renamed engine is the handwritten engine speaking none of those words; the forgetful one also runs a write
 * sent twice twice; the throwing one never finishes a column.
 */
import { paced } from "../setup/pace.js";
import { describe, expect, it } from "vitest";
import { compare, exitCodeFor } from "../../scripts/comparison/report.js";
import { buildMatrix } from "../../scripts/matrix/build.js";
import {
  ALL_COLUMNS,
  behaviour,
  defineColumn,
  handwrittenFactory,
  idempotencyReplay,
  judgeColumn,
  vocabulary,
} from "../../scenarios/index.js";
import { forgetfulFactory, renamedFactory, throwingFactory } from "./engines/renamed.js";

const now = new Date(0);
const compareWith = (factory: typeof renamedFactory | typeof forgetfulFactory | typeof throwingFactory) =>
  compare({
    framework: `module:test/comparison/engines/${factory.id}.ts`,
    factory,
    scenarios: ALL_COLUMNS,
    commit: null,
    now,
  });

describe("a foreign engine that speaks none of the contract's words", () => {
  // One run serves every case: all columns on both engines.
  let run: ReturnType<typeof compareWith> | undefined;
  const renamed = () => (run ??= compareWith(renamedFactory));

  it(
    "holds on behaviour in every column where the reference does, and its vocabulary differs",
    async () => {
      const report = await renamed();
      expect(report.judged).toBe("foreign");
      const reference = report.scenarios.filter((r) => r.verdict.handwritten.behaviour === "holds").map((r) => r.name);
      expect(reference).toEqual(ALL_COLUMNS.map((c) => c.name));
      const held = report.scenarios.filter((r) => r.verdict.framework?.behaviour === "holds").map((r) => r.name);
      expect(held).toEqual(reference);
      // Its words are checked, and shown: every column that has vocabulary finds it differs.
      const differs = report.scenarios.filter((r) => r.verdict.framework?.vocabulary === "differs").map((r) => r.name);
      expect(differs).toEqual(
        report.scenarios.filter((r) => r.verdict.handwritten.vocabulary === "conforms").map((r) => r.name),
      );
      expect(report.scenarios.every((r) => r.verdict.framework?.violations.every((v) => v.kind === "vocabulary"))).toBe(
        true,
      );
    },
    paced(180_000),
  );

  it(
    "passes as a foreign engine (exit 0), though no row is equal and every vocabulary differs",
    async () => {
      const report = await renamed();
      expect(report.all_equal).toBe(false);
      expect(report.all_hold).toBe(true);
      expect(exitCodeFor(report)).toBe(0);
      // The same report charged as a contract engine's fails: the vocabulary and parity are its to keep.
      expect(exitCodeFor({ ...report, judged: "contract" })).toBe(1);
    },
    paced(180_000),
  );
});

describe("a foreign engine whose ledger forgets completed writes", () => {
  it("fails idempotency_replay on behaviour: the same write sent twice ran twice", async () => {
    const { verdict } = await judgeColumn(forgetfulFactory, idempotencyReplay);
    expect(verdict.behaviour).toBe("fails");
    expect(verdict.violations).toContainEqual({
      kind: "behaviour",
      expectation: "the same write sent twice ran twice",
      observed: "2",
    });
    expect((await judgeColumn(handwrittenFactory, idempotencyReplay)).verdict.behaviour).toBe("holds");
  });

  it("exits 1 as a foreign engine", async () => {
    const report = await compare({
      framework: "module:test/comparison/engines/forgetful.ts",
      factory: forgetfulFactory,
      scenarios: [idempotencyReplay],
      commit: null,
      now,
    });
    expect([report.all_hold, exitCodeFor(report)]).toEqual([false, 1]);
  });
});

describe("an engine that throws", () => {
  it("gets error with the reason, never fails, in the comparison and in the matrix", async () => {
    const report = await compare({
      framework: "module:test/comparison/engines/throwing.ts",
      factory: throwingFactory,
      scenarios: [idempotencyReplay],
      commit: null,
      now,
    });
    const verdict = report.scenarios[0]?.verdict.framework;
    expect(verdict).toEqual({
      behaviour: "error",
      vocabulary: "not_applicable",
      violations: [],
      error: "boom: the engine broke",
    });
    expect(exitCodeFor(report)).toBe(1);
    const matrix = await buildMatrix({
      slots: [{ id: "handwritten", status: "measured", version: "test", factory: throwingFactory as never }],
      columns: [idempotencyReplay],
      now,
      commit: null,
    });
    expect(matrix.engines[0]).toMatchObject({ holds: 0, fails: 0, error: 1 });
    expect(matrix.columns[0]?.engines["handwritten"]).toMatchObject({ behaviour: "error" });
  });
});

describe("a column", () => {
  it("must state at least one behaviour expectation: words alone cannot judge a foreign engine", () => {
    const { expectations: _, ...spec } = { ...idempotencyReplay, expectations: null };
    const words = vocabulary<{ readonly s: string }>("status done", (o) => o.s === "done");
    const world = behaviour<{ readonly s: string }>("the write landed twice", () => true);
    const column = { ...spec, family: "required" as const, observe: () => ({ s: "done" }) };
    expect(() => defineColumn({ ...column, expectations: [words] })).toThrow(/no behaviour expectation/);
    expect(defineColumn({ ...column, expectations: [words, world] }).name).toBe("idempotency_replay");
  });
});
