import { unwrapEngine } from "../../runtime/index.js";
import { describe, expect, it } from "vitest";
import { approvePending, isProcessCrash, ProcessCrash } from "../../contract/index.js";
import { createEnvironment } from "../../handwritten/fixtures/environment.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { SESSION_ID } from "../../scenarios/scenario.js";
import { createLangGraphEngine, langgraphFactory } from "./index.js";
import { countEntries, crashAfterPublish, crashAfterSave, observationOf, type NodeEntry } from "./test-support.js";

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to reject");
};

describe("a process crash inside a LangGraph node", () => {
  it("reaches the caller as the original ProcessCrash, unwrapped by LangGraph", async () => {
    const env = createEnvironment(crashAfterSave.options);
    const error = await rejection(createLangGraphEngine(env).start(SESSION_ID, crashAfterSave.goal));
    expect(isProcessCrash(error)).toBe(true);
    expect(error).toBeInstanceOf(ProcessCrash);
    expect((error as Error).name).toBe("ProcessCrash");
    expect((error as Error).message).toBe("process died after save_artifact took effect");
  });

  it("crash after an idempotent write: the new process writes again under the same key and the effect stays at one", async () => {
    const env = createEnvironment(crashAfterSave.options);
    const entries: NodeEntry[] = [];
    const watch = {
      onNodeEntry: (node: NodeEntry["node"], status: NodeEntry["status"]) => entries.push({ node, status }),
    };
    expect(
      isProcessCrash(await rejection(createLangGraphEngine(env, watch).start(SESSION_ID, crashAfterSave.goal))),
    ).toBe(true);
    expect(env.world.totalEffects("save_artifact")).toBe(1);
    expect(unwrapEngine(await createLangGraphEngine(env).state(SESSION_ID))?.status).toBe("executing");

    const resumed = unwrapEngine(await createLangGraphEngine(env, watch).resume(SESSION_ID));
    expect(resumed.status).toBe("done");
    expect(countEntries(entries, "execute")).toBe(2);
    // Both calls went out under one and the same key, and the write landed once.
    const calls = env.world.data.calls["save_artifact"] ?? {};
    expect(Object.values(calls)).toEqual([2]);
    expect(env.world.data.effects["save_artifact"]).toEqual({ [Object.keys(calls)[0] ?? "none"]: 1 });
    expect(await observationOf(langgraphFactory, crashAfterSave)).toBe(
      await observationOf(handwrittenFactory, crashAfterSave),
    );
  });

  it("crash after an approved high-risk publish: reconcile_required with one effect, then a confirmed reconcile continues without the executor", async () => {
    const env = createEnvironment(crashAfterPublish.options);
    const entries: NodeEntry[] = [];
    const watch = {
      onNodeEntry: (node: NodeEntry["node"], status: NodeEntry["status"]) => entries.push({ node, status }),
    };
    const first = createLangGraphEngine(env, watch);
    const waiting = unwrapEngine(await first.start(SESSION_ID, crashAfterPublish.goal));
    const token = approvePending(waiting.pending_approval!, SESSION_ID, env.secret, env.clock.now());
    expect(isProcessCrash(await rejection(first.submitApproval(SESSION_ID, { kind: "token", token })))).toBe(true);
    expect(env.world.totalEffects("publish_report")).toBe(1);

    const second = createLangGraphEngine(env, watch);
    const stopped = unwrapEngine(await second.resume(SESSION_ID));
    expect(stopped.status).toBe("reconcile_required");
    expect((await second.trace(SESSION_ID)).map((e) => e.type)).toContain("tool_uncertain");
    expect(env.world.totalCalls("publish_report")).toBe(1);
    expect(env.world.totalEffects("publish_report")).toBe(1);

    // Resuming again retries nothing: the run stays stopped.
    expect(unwrapEngine(await second.resume(SESSION_ID)).status).toBe("reconcile_required");
    const executesBeforeReconcile = countEntries(entries, "execute");
    const finished = unwrapEngine(
      await second.reconcileUncertain(SESSION_ID, { outcome: "confirmed", operator: "operator-7" }),
    );
    expect(finished.status).toBe("done");
    expect(countEntries(entries, "execute")).toBe(executesBeforeReconcile);
    expect(env.world.totalCalls("publish_report")).toBe(1);
    expect(env.world.totalEffects("publish_report")).toBe(1);
    expect((await second.trace(SESSION_ID)).map((e) => e.type)).toContain("tool_reconciled");
    // The ledger learned the outcome, so the key now replays instead of answering uncertain.
    if (stopped.status !== "reconcile_required") throw new Error("unreachable");
    expect(env.ledger.get(stopped.intent.key)?.state).toBe("completed");
    expect(await observationOf(langgraphFactory, crashAfterPublish)).toBe(
      await observationOf(handwrittenFactory, crashAfterPublish),
    );
  });

  it("refuses to reconcile a session that is not waiting for it", async () => {
    const env = createEnvironment(crashAfterPublish.options);
    const engine = createLangGraphEngine(env);
    await engine.start(SESSION_ID, crashAfterPublish.goal);
    await expect(
      engine.reconcileUncertain(SESSION_ID, { outcome: "confirmed", operator: "operator-7" }),
    ).resolves.toMatchObject({ ok: false, error: { code: "not_reconcilable" } });
    expect(env.world.totalCalls()).toBe(0);
  });
});
