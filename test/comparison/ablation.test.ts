/**
 * The hardening ablation: a piece counts when switching it off turns a column's behaviour verdict, and a piece
 * that turns none must name a backer that turns some. The committed evidence is what the script writes today.
 */
import { paced } from "../setup/pace.js";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { EngineFactory, HardeningLayer } from "../../runtime/index.js";
import { ALL_COLUMNS, handwrittenFactory, loadEngines, REQUIRED_COLUMNS } from "../../scenarios/index.js";
import { runAblation } from "../../scripts/ablation/run.js";
import { ABLATION_PATH, ablationProblems } from "../../scripts/ablation/schema.js";
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

  it(
    "the committed evidence is what the ablation gives now, and every piece of every layer is shown to matter",
    async () => {
      const committed = readFileSync(ABLATION_PATH, "utf8");
      const evidence = await runAblation(await loadEngines(), ALL_COLUMNS);
      expect(`${JSON.stringify(evidence, null, 2)}\n`).toBe(committed);
      expect(ablationProblems(evidence)).toEqual([]);
    },
    paced(600_000),
  );
});
