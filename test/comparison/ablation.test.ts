/**
 * The hardening ablation: a piece counts when switching it off turns a column's behaviour verdict, and a piece
 * that turns none must name a backer that turns some. The committed evidence names every layered engine, and one
 * column re-measured agrees with it; ablation-full.test.ts (heavy tier) regenerates it whole.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { EngineFactory, HardeningLayer } from "../../runtime/index.js";
import { ALL_COLUMNS, handwrittenFactory, loadEngines, REQUIRED_COLUMNS } from "../../scenarios/index.js";
import { runAblation } from "../../scripts/ablation/run.js";
import { ABLATION_PATH, AblationEvidence, ablationProblems, type PieceRow } from "../../scripts/ablation/schema.js";
import { forgetfulFactory } from "./engines/renamed.js";

/** The handwritten engine as a layer of two pieces: `ledger` (off, completed writes are forgotten) and `idle`. */
const layered = (backedUpBy: Readonly<Record<string, string>>): EngineFactory<string> => {
  const layer: HardeningLayer = {
    pieces: ["ledger", "idle"],
    backedUpBy,
    without: (disable) => (disable.includes("ledger") ? forgetfulFactory : handwrittenFactory),
  };
  return { ...handwrittenFactory, id: "layered", layer };
};
const slot = (factory: EngineFactory<string>) =>
  ({ id: "layered", status: "measured", version: "local", factory }) as unknown as Parameters<
    typeof runAblation
  >[0][number];

describe("the hardening ablation", () => {
  it("finds the column a piece holds, and names a piece that holds none", async () => {
    const evidence = await runAblation([slot(layered({}))], REQUIRED_COLUMNS);
    const [row] = evidence.layers;
    if (row?.status !== "measured") throw new Error("the layered engine was not measured");
    expect(row.whole.fails).toEqual([]);
    expect(row.pieces.map((p) => [p.piece, p.turns])).toEqual([
      ["ledger", ["idempotency_replay"]],
      ["idle", []],
    ]);
    expect(ablationProblems(evidence)).toEqual(["layered: idle turns no column and names no backer"]);
  });

  it("accepts a piece that names a backer turning columns of its own, and shows what the pair turns beyond it", async () => {
    const evidence = await runAblation([slot(layered({ idle: "ledger" }))], REQUIRED_COLUMNS);
    const idle = evidence.layers[0]?.status === "measured" ? evidence.layers[0].pieces[1] : undefined;
    expect(idle).toMatchObject({
      backed_up_by: "ledger",
      backer_turns: ["idempotency_replay"],
      turns_beyond_backer: [],
    });
    expect(ablationProblems(evidence)).toEqual([]);
  });

  it("a backer that turns nothing either is named", async () => {
    const evidence = await runAblation([slot(layered({ ledger: "idle", idle: "idle" }))], REQUIRED_COLUMNS);
    expect(ablationProblems(evidence)).toEqual(["layered: idle's backer idle turns no column either"]);
  });

  it("the committed evidence parses and names every engine whose factory carries a layer", async () => {
    const committed = AblationEvidence.parse(JSON.parse(readFileSync(ABLATION_PATH, "utf8")));
    const slots = await loadEngines();
    const layered = slots.flatMap((s) => (s.status === "measured" && s.factory.layer !== undefined ? [s.id] : []));
    // An engine this machine cannot run (DBOS without a Postgres server) is compared as the committed file has it.
    const runsHere = new Set<string>(slots.flatMap((s) => (s.status === "measured" ? [s.id] : [])));
    expect(layered.length).toBeGreaterThanOrEqual(4);
    expect(
      committed.layers.filter((l) => l.status === "measured" && runsHere.has(l.engine)).map((l) => l.engine),
    ).toEqual(layered);
    expect(committed.columns).toEqual(ALL_COLUMNS.map((c) => c.name));
  });

  it("one column re-measured through every piece of one layer turns what the committed evidence says", async () => {
    const committed = AblationEvidence.parse(JSON.parse(readFileSync(ABLATION_PATH, "utf8")));
    const engine = "langchain_agent_hardened";
    const column = ALL_COLUMNS.filter((c) => c.name === "secret_in_goal");
    const slots = (await loadEngines()).filter((s) => s.id === engine);
    const [now] = (await runAblation(slots, column)).layers;
    const then = committed.layers.find((l) => l.engine === engine);
    if (now?.status !== "measured" || then?.status !== "measured") throw new Error(`${engine} was not measured`);
    const turned = (pieces: readonly PieceRow[]) =>
      pieces.map((p) => ({ piece: p.piece, turns: p.turns.filter((c) => c === "secret_in_goal") }));
    expect(turned(now.pieces)).toEqual(turned(then.pieces));
    // The column is one a piece turns: a re-measure that turned nothing anywhere would compare nothing.
    expect(turned(now.pieces).some((p) => p.turns.length > 0)).toBe(true);
  });
});
