/** The handwritten engine with several calls in one turn: intents first, then dispatch, messages in call order. */
import { describe, expect, it } from "vitest";
import { approvePending, type AgentState } from "../../contract/index.js";
import { finalAnswer, toolCalls } from "../fixtures/index.js";
import { setup, toolMessages, traceTypes, unwrap } from "./test-helpers.js";

const SESSION = "s-batch";
const batch = toolCalls([
  { id: "w1", tool: "save_artifact", args: { name: "one", content: "1" } },
  { id: "r1", tool: "read_table", args: { table: "sales", limit: 2 } },
  { id: "w2", tool: "save_artifact", args: { name: "two", content: "2" } },
]);

describe("handwritten engine: a turn with several calls", () => {
  it("checkpoints every call's intent before the first call of the batch is dispatched", async () => {
    const { env, engine } = setup({ script: [batch, finalAnswer("done")] });
    const seenAtDispatch: string[][] = [];
    env.world.observeCalls(() => {
      const latest = env.checkpoints.latest(SESSION)?.state;
      const executing =
        latest?.status === "batch" ? latest.batch.calls.filter((c) => c.phase.kind === "executing") : [];
      seenAtDispatch.push(executing.map((c) => c.call_id));
    });
    unwrap(await engine.start(SESSION, "go"));
    expect(seenAtDispatch).toEqual([
      ["w1", "r1", "w2"],
      ["w1", "r1", "w2"],
      ["w1", "r1", "w2"],
    ]);
  });

  it("hands the model one tool message per call, in call order, tagged with its call id", async () => {
    const { engine } = setup({ script: [batch, finalAnswer("done")] });
    const state = unwrap(await engine.start(SESSION, "go"));
    expect(state.status).toBe("done");
    expect(toolMessages(state).map((m) => [m.call_id, m.tool, m.status])).toEqual([
      ["w1", "save_artifact", "ok"],
      ["r1", "read_table", "ok"],
      ["w2", "save_artifact", "ok"],
    ]);
  });

  it("refuses the second call holding the same key with other arguments; the first runs", async () => {
    const { env, engine } = setup({
      script: [
        toolCalls([
          { id: "a", tool: "save_artifact", args: { name: "x", content: "1" }, idempotencyKey: "k" },
          { id: "b", tool: "save_artifact", args: { name: "x", content: "2" }, idempotencyKey: "k" },
        ]),
        finalAnswer("done"),
      ],
    });
    const state = unwrap(await engine.start(SESSION, "go"));
    const codes = toolMessages(state).map((m) => [m.call_id, m.status, (m.content as { code?: string }).code ?? null]);
    expect(codes).toEqual([
      ["a", "ok", null],
      ["b", "conflict", "key_reused_with_other_arguments"],
    ]);
    expect(env.world.totalCalls("save_artifact")).toBe(1);
  });

  it("waits for each high-risk call's own approval; the run continues when every call has settled", async () => {
    const { env, engine } = setup({
      script: [
        toolCalls([
          { id: "p1", tool: "publish_report", args: { artifact: "art_a", audience: "team" } },
          { id: "p2", tool: "publish_report", args: { artifact: "art_b", audience: "team" } },
        ]),
        finalAnswer("done"),
      ],
    });
    const approve = async (state: AgentState) =>
      unwrap(
        await engine.submitApproval(SESSION, {
          kind: "token",
          token: approvePending(state.pending_approval!, SESSION, env.secret, env.clock.now()),
        }),
      );
    const first = unwrap(await engine.start(SESSION, "go"));
    expect(first.status).toBe("approval_required");
    expect(first.pending_approval?.args).toEqual({ artifact: "art_a", audience: "team" });
    const second = await approve(first);
    expect(second.status).toBe("approval_required");
    expect(second.pending_approval?.args).toEqual({ artifact: "art_b", audience: "team" });
    expect(second.pending_approval?.nonce).not.toBe(first.pending_approval?.nonce);
    expect(toolMessages(second)).toEqual([]);
    const done = await approve(second);
    expect(done.status).toBe("done");
    expect(env.world.totalEffects("publish_report")).toBe(2);
    expect(traceTypes(env, SESSION).filter((t) => t === "approval_accepted")).toHaveLength(2);
  });
});
