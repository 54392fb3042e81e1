/**
 * Each piece of the layer matters. Where the columns show it (a column holds with every piece on and
 * fails with the piece off) that column is the proof. The other three are shown on Mastra itself,
 * because the contract's own checks keep their columns: sdk_schema (on, Mastra refuses bad input
 * before execute), approval_switch (on, Mastra suspends the call) and sealed_state (on, an edited kept
 * run is refused).
 */
import { describe, expect, it } from "vitest";
import { createFixtureRegistry, createFixtureWorld } from "../../../handwritten/fixtures/index.js";
import { createEnvironment } from "../../../handwritten/fixtures/environment.js";
import { engineContextOf } from "../../../runtime/index.js";
import { ALL_COLUMNS, preApprovalState, runScenario, SESSION_ID, type Environment } from "../../../scenarios/index.js";
import { createMastraHardenedFactory, SUSPENDED_RUNS } from "../hardened.js";
import { text, toolCall, turnModel } from "../model.js";
import { mastraAgent } from "../storage.js";
import { HARDENING_PIECES, type HardeningPiece } from "./pieces.js";
import { hardenTool } from "./tool.js";

/** A column each piece keeps, as measured by switching it off (an ablation over every column). */
const KEPT_BY: Readonly<Record<"approval_check" | "guarded_execute" | "redaction", string>> = {
  approval_check: "approval_token_unbound",
  guarded_execute: "idempotency_replay",
  // Mastra stores the goal only in a suspended run's snapshot, read back through the engine's storageSnapshot.
  redaction: "secret_in_goal_awaiting_approval",
};
const ON_MASTRA: readonly HardeningPiece[] = ["sdk_schema", "approval_switch", "sealed_state"];

const verdictOf = async (column: string, disable: readonly HardeningPiece[]) => {
  const spec = ALL_COLUMNS.find((c) => c.name === column);
  if (spec === undefined) throw new Error(`no column ${column}`);
  // A column the engine threw on fails too, as compare counts it (error, not holds).
  const run = await runScenario(createMastraHardenedFactory({ disable }), spec, { graphSteps: false }).catch(
    (error: unknown) => ({ threw: String(error) }),
  );
  return "threw" in run ? [run.threw] : spec.violations(run.observation);
};

/** One Mastra generate over a hardened save_artifact whose model calls it once with `input`: what reached execute. */
async function reached(input: unknown, disable: readonly HardeningPiece[], waits: boolean) {
  const spec = createFixtureRegistry(createFixtureWorld()).get("save_artifact");
  if (spec === undefined) throw new Error("no save_artifact");
  const seen: unknown[] = [];
  const env = engineContextOf(createEnvironment({ script: [] }));
  const hooks = {
    waits: () => waits,
    execute: async (_id: string, args: unknown) => (seen.push(args), "ok"),
    clock: env.clock,
  };
  let turn = 0;
  const model = turnModel("one-call", async () =>
    turn++ === 0 ? [toolCall("call-1", spec.name, input)] : [text("done")],
  );
  const output = await mastraAgent(env, model, { [spec.name]: hardenTool(spec, hooks, { disable }) }).generate("go");
  return { seen, finishReason: output.finishReason };
}

describe("the Mastra hardening layer's pieces", () => {
  it("are one table, each with a column it keeps or a check on Mastra itself", () => {
    expect([...Object.keys(KEPT_BY), ...ON_MASTRA].sort()).toEqual([...HARDENING_PIECES].sort());
  });

  it.each(Object.entries(KEPT_BY))("%s: the column %s holds with it and fails without it", async (piece, column) => {
    expect(await verdictOf(column, [])).toEqual([]);
    expect((await verdictOf(column, [piece as HardeningPiece])).length).toBeGreaterThan(0);
  });

  it("guarded_execute off: a call that times out still ends, bounded by the team's own timeout as the native tool is", async () => {
    expect((await verdictOf("timeout_after_side_effect", ["guarded_execute"])).length).toBeGreaterThan(0);
  });

  it("sdk_schema: Mastra validates the tool's zod schema before execute; without it, bad input reaches execute", async () => {
    const bad = { name: 7, extra: true };
    expect((await reached(bad, [], false)).seen).toEqual([]);
    expect((await reached(bad, ["sdk_schema"], false)).seen).toEqual([bad]);
  });

  it("approval_switch: Mastra suspends the call the contract waits on; without it, the call reaches execute", async () => {
    const good = { name: "summary", content: "weekly" };
    expect(await reached(good, [], true)).toEqual({ seen: [], finishReason: "suspended" });
    expect((await reached(good, ["approval_switch"], true)).seen).toEqual([good]);
  });

  it("sealed_state: a kept run edited outside the engine is refused; without it, the edit is what Mastra is asked to resume", async () => {
    const answerAfterEdit = async (disable: readonly HardeningPiece[]) => {
      const factory = createMastraHardenedFactory({ disable });
      let env: Environment | undefined;
      await runScenario(factory, preApprovalState, { instrument: (e) => void (env = e) });
      if (env === undefined) throw new Error("no environment");
      const store = env.slots.get(SUSPENDED_RUNS);
      const [key, record] = [...(store?.entries() ?? [])][0] ?? [];
      if (store === undefined || key === undefined || record === undefined) throw new Error("no kept run");
      store.set(key, { ...record, runId: "another-run" });
      const engine = factory.create(engineContextOf(env));
      const answer = await engine.submitApproval(SESSION_ID, { kind: "decline" }).catch((e: unknown) => String(e));
      return typeof answer === "string" ? answer : answer.ok ? "accepted" : answer.error.code;
    };
    expect(await answerAfterEdit([])).toBe("checkpoint_tampered");
    expect(await answerAfterEdit(["sealed_state"])).toMatch(
      /could not find a suspended run for runId .{0,4}another-run/,
    );
  });
});
