import { unwrapEngine } from "../../runtime/index.js";
import { describe, expect, it } from "vitest";
import { approvePending } from "../../contract/index.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { createEnvironment } from "../../handwritten/fixtures/environment.js";
import { runScenario, SESSION_ID } from "../../scenarios/scenario.js";
import { createLangGraphEngine, langgraphFactory } from "./index.js";
import {
  approvedPublish,
  countEntries,
  declinedPublish,
  observationOf,
  watchedLangGraphFactory,
  type NodeEntry,
} from "./test-support.js";

describe("human approval on LangGraph (interrupt and Command resume)", () => {
  it("publishes exactly once after approval although LangGraph re-ran the interrupted policy node", async () => {
    const { factory, entries } = watchedLangGraphFactory(langgraphFactory);
    const run = await runScenario(factory, approvedPublish);
    const observed = run.observation as {
      calls: Record<string, Record<string, number>>;
      effects: Record<string, Record<string, number>>;
      final_status: string;
    };

    // The policy node was entered twice while waiting for approval: once to pause, once on resume.
    expect(countEntries(entries, "policy", "approval_required")).toBe(2);
    expect(countEntries(entries, "execute")).toBe(1);
    expect(Object.values(observed.effects["publish_report"] ?? {})).toEqual([1]);
    expect(Object.values(observed.calls["publish_report"] ?? {})).toEqual([1]);
    expect(observed.final_status).toBe("done");
    expect(await observationOf(factory, approvedPublish)).toBe(
      await observationOf(handwrittenFactory, approvedPublish),
    );
  });

  it("waits with zero side effects and the pending call recorded until a token arrives", async () => {
    const env = createEnvironment(approvedPublish.options);
    const entries: NodeEntry[] = [];
    const engine = createLangGraphEngine(env, { onNodeEntry: (node, status) => entries.push({ node, status }) });
    const waiting = unwrapEngine(await engine.start(SESSION_ID, approvedPublish.goal));
    expect(waiting.status).toBe("approval_required");
    expect(waiting.pending_approval?.tool).toBe("publish_report");
    expect(env.world.totalCalls()).toBe(0);
    expect(countEntries(entries, "execute")).toBe(0);

    // A restarted process still finds the pending call, and the token it approves runs it once.
    const restarted = createLangGraphEngine(env);
    const pending = unwrapEngine(await restarted.state(SESSION_ID))?.pending_approval;
    if (pending == null) throw new Error("the restarted engine lost the pending approval");
    const done = unwrapEngine(
      await restarted.submitApproval(SESSION_ID, {
        kind: "token",
        token: approvePending(pending, SESSION_ID, env.secret, env.clock.now()),
      }),
    );
    expect(done.status).toBe("done");
    expect(env.world.totalEffects("publish_report")).toBe(1);
  });

  it("refuses an approval when no call is waiting, without touching the graph", async () => {
    const env = createEnvironment(approvedPublish.options);
    const engine = createLangGraphEngine(env);
    await expect(engine.submitApproval(SESSION_ID, { kind: "decline" })).resolves.toMatchObject({
      error: { code: "unknown_session" },
    });
    const waiting = unwrapEngine(await engine.start(SESSION_ID, approvedPublish.goal));
    await engine.submitApproval(SESSION_ID, {
      kind: "token",
      token: approvePending(waiting.pending_approval!, SESSION_ID, env.secret, env.clock.now()),
    });
    const second = await engine.submitApproval(SESSION_ID, { kind: "decline" });
    expect(second).toMatchObject({ ok: false, error: { code: "approval_not_pending" } });
    expect(env.world.totalEffects("publish_report")).toBe(1);
  });

  it("publishes nothing when the person declines, and observes what the handwritten engine observes", async () => {
    const { factory, entries } = watchedLangGraphFactory(langgraphFactory);
    const run = await runScenario(factory, declinedPublish);
    const observed = run.observation as {
      calls: Record<string, unknown>;
      effects: Record<string, unknown>;
      reports: number;
      per_action: { status: string }[];
    };
    expect(observed.effects).toEqual({});
    expect(observed.calls).toEqual({});
    expect(observed.reports).toBe(0);
    expect(observed.per_action[0]?.status).toBe("approval_required");
    expect(countEntries(entries, "execute")).toBe(0);
    expect(countEntries(entries, "policy", "approval_required")).toBe(2);
    expect(await observationOf(factory, declinedPublish)).toBe(
      await observationOf(handwrittenFactory, declinedPublish),
    );
  });
});
