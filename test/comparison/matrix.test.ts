/** The framework matrix: verdicts per column per engine, from one run each, and its table in the docs. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildMatrix } from "../../scripts/matrix/build.js";
import { FrameworkMatrix, MATRIX_PATH, MATRIX_VOLATILE_FIELDS } from "../../scripts/matrix/schema.js";
import { renderMatrix } from "../../scripts/matrix/table.js";
import { ENGINE_IDS, handwrittenFactory, preApprovalState, schemaFailureSideEffects } from "../../scenarios/index.js";
import type { BuiltInFactory, EngineSlot } from "../../engines/index.js";
import { engineFactory as naiveFactory } from "../../examples/naive-engine.js";

const COLUMNS = [schemaFailureSideEffects, preApprovalState];
const SLOTS: readonly EngineSlot[] = [
  { id: "handwritten", status: "measured", version: "local", factory: handwrittenFactory },
  // The example module asks no one: it runs the publish at once (it stands in a registered slot here).
  {
    id: "local_state_graph",
    status: "measured",
    version: "0.0.1-example",
    factory: naiveFactory as unknown as BuiltInFactory,
  },
  { id: "langgraph", status: "not-measured", reason: "@langchain/langgraph is not installed for the adapter" },
];
const build = () => buildMatrix({ slots: SLOTS, columns: COLUMNS, now: new Date(0), commit: null });

describe("the framework matrix", () => {
  it("says, per column and engine, behaviour and vocabulary apart, the broken expectations, or not measured with the reason", async () => {
    const matrix = FrameworkMatrix.parse(await build());
    const pre = matrix.columns.find((c) => c.name === "pre_approval_state")?.engines;
    expect(pre?.["handwritten"]).toEqual({ behaviour: "holds", vocabulary: "conforms", violations: [] });
    expect(pre?.["local_state_graph"]).toMatchObject({
      behaviour: "fails",
      vocabulary: "differs",
      violations: expect.arrayContaining([
        { kind: "behaviour", expectation: "the unapproved publish landed", observed: "1" },
      ]),
    });
    expect(pre?.["langgraph"]).toEqual({
      behaviour: "not_measured",
      reason: "@langchain/langgraph is not installed for the adapter",
    });
    expect(matrix.columns.map((c) => c.family)).toEqual(["required", "required"]);
    expect(matrix.engines.map((e) => [e.id, e.judged, e.version, e.holds, e.error, e.not_measured])).toEqual([
      ["handwritten", "contract", "local", 2, 0, 0],
      ["local_state_graph", "contract", "0.0.1-example", matrix.engines[1]?.holds, 0, 0],
      ["langgraph", "contract", null, 0, 0, 2],
    ]);
  });

  it("regenerates identically apart from its time and commit", async () => {
    const strip = (m: FrameworkMatrix) => {
      const copy: Record<string, unknown> = { ...m };
      for (const field of MATRIX_VOLATILE_FIELDS) delete copy[field];
      return copy;
    };
    const [a, b] = [await build(), await build()];
    expect(strip({ ...b, generated_at: "other", commit: "other" })).toEqual(strip(a));
  });

  it("renders each engine's version and every verdict in the docs table", async () => {
    const table = renderMatrix(await build());
    expect(table).toContain(
      "| `langgraph` | not measured: @langchain/langgraph is not installed for the adapter | behaviour + vocabulary | 0 | 0 | 0 | 2 | 0 | 0 |",
    );
    expect(table).toContain(
      "| `pre_approval_state` | required | holds (conforms) | **fails** (differs) | not measured |",
    );
    expect(table).toMatch(
      /- `local_state_graph` fails or errs on behaviour in \d:\n {2}- `pre_approval_state`: .*the unapproved publish landed/,
    );
  });

  it("the committed evidence holds every engine the registry knows", () => {
    const committed = FrameworkMatrix.parse(
      JSON.parse(readFileSync(new URL(`../../${MATRIX_PATH}`, import.meta.url), "utf8")),
    );
    expect(committed.engines.map((e) => e.id)).toEqual([...ENGINE_IDS]);
    expect(committed.columns.every((c) => Object.keys(c.engines).join() === ENGINE_IDS.join())).toBe(true);
  });
});
