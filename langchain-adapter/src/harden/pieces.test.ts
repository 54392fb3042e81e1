/**
 * Each piece of the layer matters. guarded_execute, approval_check and redaction are shown on columns: with
 * the piece on the hardened engine holds the column, off the same column fails. The other three change no
 * column alone (their backer in pieces.ts keeps them), so each is shown on LangChain itself: its schema
 * check, its interrupt, the kept thread's seal; and redaction also on what LangChain checkpoints.
 */
import { MemorySaver } from "@langchain/langgraph";
import { HumanMessage } from "@langchain/core/messages";
import { createAgent } from "langchain";
import { describe, expect, it } from "vitest";
import { approvePending } from "../../../contract/index.js";
import {
  createFixtureRegistry,
  createFixtureWorld,
  finalAnswer,
  toolCall,
} from "../../../handwritten/fixtures/index.js";
import { engineContextOf } from "../../../runtime/index.js";
import { ALL_COLUMNS, createEnvironment, runScenario } from "../../../scenarios/index.js";
import { aiMessage, ScriptedChatModel } from "../chat-model.js";
import { createLangChainHardenedFactory, THREADS } from "../hardened.js";
import { HARDENING_PIECES, type HardeningPiece } from "./pieces.js";
import { approvalMiddleware, hardenTool } from "./tool.js";

/** A column each piece keeps, as measured by switching it off (npm run ablation -- --framework langchain_agent_hardened). */
const KEPT_BY = {
  guarded_execute: "idempotency_replay",
  approval_check: "approval_token_unbound",
  // Seen since the secret columns read the checkpointer's stored bytes (scenarios/stored-text.ts).
  redaction: "secret_in_goal",
} as const;
const ON_THE_FRAMEWORK = ["sdk_schema", "approval_switch", "sealed_state"] as const;

const verdictOf = async (column: string, disable: readonly HardeningPiece[]) => {
  const spec = ALL_COLUMNS.find((c) => c.name === column);
  if (spec === undefined) throw new Error(`no column ${column}`);
  const run = await runScenario(createLangChainHardenedFactory({ disable }), spec, { graphSteps: false }).catch(
    (error: unknown) => ({ threw: String(error) }),
  );
  return "threw" in run ? [run.threw] : spec.violations(run.observation);
};

const specOf = (name: string) => {
  const spec = createFixtureRegistry(createFixtureWorld()).get(name);
  if (spec === undefined) throw new Error(`no ${name}`);
  return spec;
};
const PUBLISH = { artifact: "art_weekly", audience: "team" };

describe("the LangChain hardening layer's pieces", () => {
  it("are one table: each is shown on a column or on LangChain itself", () => {
    expect([...Object.keys(KEPT_BY), ...ON_THE_FRAMEWORK].sort()).toEqual([...HARDENING_PIECES].sort());
  });

  it.each(Object.entries(KEPT_BY))("%s: the column %s holds with it and fails without it", async (piece, column) => {
    expect(await verdictOf(column, [])).toEqual([]);
    expect((await verdictOf(column, [piece as HardeningPiece])).length).toBeGreaterThan(0);
  });

  it("sdk_schema: LangChain validates the zod schema before the tool runs; without it, bad arguments reach it", async () => {
    const reached = async (disable: readonly HardeningPiece[]) => {
      const seen: unknown[] = [];
      const hooks = {
        execute: async (_id: string, args: unknown) => (seen.push(args), "ok"),
        answeredByContract: () => false,
      };
      const tool = hardenTool(specOf("save_artifact"), hooks, { disable });
      await tool
        .invoke({ type: "tool_call", id: "call_1", name: "save_artifact", args: { name: 7, extra: true } })
        .catch(() => undefined);
      return seen;
    };
    expect(await reached([])).toEqual([]);
    expect(await reached(["sdk_schema"])).toEqual([{ name: 7, extra: true }]);
  });

  it("approval_switch: createAgent interrupts before a publish runs; without it, the publish reaches its tool", async () => {
    const run = async (disable: readonly HardeningPiece[]) => {
      const seen: string[] = [];
      const hooks = { execute: async (id: string) => (seen.push(id), "ok"), answeredByContract: () => false };
      const spec = specOf("publish_report");
      let turn = 0;
      const model = new ScriptedChatModel(async () =>
        turn++ === 0 ? aiMessage("", [{ id: "call_1", name: spec.name, args: PUBLISH }]) : aiMessage("done", []),
      );
      const agent = createAgent({
        model,
        tools: [hardenTool(spec, hooks, { disable })],
        middleware: [approvalMiddleware([spec], hooks, { disable })] as never,
        checkpointer: new MemorySaver(),
      });
      const result = (await agent.invoke(
        { messages: [new HumanMessage("publish")] } as never,
        {
          configurable: { thread_id: "t" },
        } as never,
      )) as { __interrupt__?: unknown[] };
      return { interrupted: (result.__interrupt__?.length ?? 0) > 0, seen };
    };
    expect(await run([])).toEqual({ interrupted: true, seen: [] });
    expect(await run(["approval_switch"])).toEqual({ interrupted: false, seen: ["call_1"] });
  });

  it("sealed_state: a kept thread changed where it is kept is refused checkpoint_tampered before the answer; without it, it is used", async () => {
    const answerAfterTamper = async (disable: readonly HardeningPiece[]) => {
      const env = createEnvironment({ script: [toolCall("publish_report", PUBLISH), finalAnswer("published")] });
      const engine = createLangChainHardenedFactory({ disable }).create(engineContextOf(env));
      const started = await engine.start("s", "publish the report");
      if (!started.ok || started.value.status !== "approval_required") throw new Error("the publish did not wait");
      const token = approvePending(started.value.pending_approval, "s", env.secret, env.clock.now());
      const kept = env.slots.get(THREADS);
      for (const [key, saved] of kept?.threads ?? new Map())
        kept?.threads.set(key, { ...saved, checkpoint_id: "other" });
      const after = await engine.submitApproval("s", { kind: "token", token });
      return after.ok ? after.value.status : after.error.code;
    };
    expect(await answerAfterTamper([])).toBe("checkpoint_tampered");
    expect(await answerAfterTamper(["sealed_state"])).not.toBe("checkpoint_tampered");
  });

  it("redaction: the goal LangChain checkpoints carries no raw contact data; without it, the thread holds it", async () => {
    const heldRaw = async (disable: readonly HardeningPiece[]) => {
      const env = createEnvironment({ script: [finalAnswer("sent")] });
      const engine = createLangChainHardenedFactory({ disable }).create(engineContextOf(env));
      await engine.start("s", "mail the report to alice@example.com");
      const saver = env.slots.get(THREADS)?.saver;
      let text = "";
      for await (const tuple of saver?.list({ configurable: { thread_id: "s#1" } }) ?? [])
        text += JSON.stringify(tuple.checkpoint);
      return text.includes("alice@example.com");
    };
    expect(await heldRaw([])).toBe(false);
    expect(await heldRaw(["redaction"])).toBe(true);
  });
});
