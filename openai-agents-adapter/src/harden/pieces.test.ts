/**
 * Each piece of the layer matters: with every piece on the hardened engine holds the column, and
 * with the piece switched off the same column fails (sdk_schema, whose columns the contract's own
 * schema check also keeps, is shown on the SDK itself: on, the SDK refuses bad arguments before
 * execute; off, they reach it).
 */
import { RunContext } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { createFixtureRegistry, createFixtureWorld } from "../../../handwritten/fixtures/index.js";
import { ALL_COLUMNS, runScenario } from "../../../scenarios/index.js";
import { createOpenAIHardenedFactory } from "../hardened.js";
import { HARDENING_PIECES, type HardeningPiece } from "./pieces.js";
import { hardenTool } from "./tool.js";

/** A column each piece keeps, as measured by switching it off (compare --framework openai_agents_hardened). */
const KEPT_BY: Readonly<Record<Exclude<HardeningPiece, "sdk_schema">, string>> = {
  approval_switch: "approval_declined",
  approval_check: "parallel_resume_after_interrupt",
  guarded_execute: "idempotency_replay",
  sealed_state: "batch_approval_rewound",
  redaction: "secret_in_goal",
};

const verdictOf = async (column: string, disable: readonly HardeningPiece[]) => {
  const spec = ALL_COLUMNS.find((c) => c.name === column);
  if (spec === undefined) throw new Error(`no column ${column}`);
  // A column the engine threw on fails too, as compare counts it (error, not holds).
  const run = await runScenario(createOpenAIHardenedFactory({ disable }), spec, { graphSteps: false }).catch(
    (error: unknown) => ({ threw: String(error) }),
  );
  return "threw" in run ? [run.threw] : spec.violations(run.observation);
};

describe("the hardening layer's pieces", () => {
  it("are one table, each with a column it keeps or, for sdk_schema, the SDK's own check", () => {
    expect([...Object.keys(KEPT_BY), "sdk_schema"].sort()).toEqual([...HARDENING_PIECES].sort());
  });

  it.each(Object.entries(KEPT_BY))("%s: the column %s holds with it and fails without it", async (piece, column) => {
    expect(await verdictOf(column, [])).toEqual([]);
    expect((await verdictOf(column, [piece as HardeningPiece])).length).toBeGreaterThan(0);
  });

  it("sdk_schema: the SDK validates the tool's zod schema before execute; without it, bad arguments reach execute", async () => {
    const spec = createFixtureRegistry(createFixtureWorld()).get("save_artifact");
    if (spec === undefined) throw new Error("no save_artifact");
    const reached = async (disable: readonly HardeningPiece[]) => {
      const seen: unknown[] = [];
      const hooks = {
        execute: async (_id: string, args: unknown) => (seen.push(args), "ok"),
        approvedByContract: () => false,
      };
      const sdkTool = hardenTool(spec, hooks, { disable });
      const input = JSON.stringify({ name: 7, extra: true });
      const toolCall = { type: "function_call" as const, callId: "call_1", name: spec.name, arguments: input };
      await sdkTool.invoke(new RunContext({}), input, { toolCall }).catch(() => undefined);
      return seen;
    };
    expect(await reached([])).toEqual([]);
    expect(await reached(["sdk_schema"])).toEqual([{ name: 7, extra: true }]);
  });
});
