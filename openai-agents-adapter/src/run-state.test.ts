/**
 * The hardened engine keeps the SDK's RunState of an interruption sealed beside the contract's
 * checkpoint: the approval resumes through it, and a RunState changed where it is kept is refused
 * (checkpoint_tampered) before the person's answer is applied, so nothing runs and the token stays good.
 */
import { describe, expect, it } from "vitest";
import { approvePending } from "../../contract/index.js";
import { finalAnswer, toolCall } from "../../handwritten/fixtures/index.js";
import { engineContextOf } from "../../runtime/index.js";
import { createEnvironment } from "../../scenarios/index.js";
import { openaiAgentsHardenedFactory, RUN_STATES } from "./hardened.js";

const SESSION = "session-run-state";

async function waitingPublish() {
  const env = createEnvironment({
    script: [toolCall("publish_report", { artifact: "art_weekly", audience: "team" }), finalAnswer("published")],
  });
  const engine = openaiAgentsHardenedFactory.create(engineContextOf(env));
  const started = await engine.start(SESSION, "publish the report");
  if (!started.ok || started.value.status !== "approval_required") throw new Error("the publish did not wait");
  const token = approvePending(started.value.pending_approval, SESSION, env.secret, env.clock.now());
  const kept = env.slots.get(RUN_STATES);
  return { env, engine, token, kept };
}

describe("the hardened engine's RunState", () => {
  it("is sealed and kept at the interruption, and the approval resumes through it: the publish runs once", async () => {
    const { env, engine, token, kept } = await waitingPublish();
    expect([...(kept?.values() ?? [])].map((s) => JSON.parse(s.run_state) !== null && s.seal.length > 0)).toEqual([
      true,
    ]);
    const after = await engine.submitApproval(SESSION, { kind: "token", token });
    expect(after.ok && after.value.status).toBe("done");
    expect(env.world.totalEffects("publish_report")).toBe(1);
  });

  it("changed where it is kept, is refused checkpoint_tampered before the answer is applied", async () => {
    const { env, engine, token, kept } = await waitingPublish();
    // The same run, its publish now to another artifact.
    for (const [key, saved] of kept ?? new Map()) {
      const run_state = saved.run_state.replaceAll("art_weekly", "art_public");
      expect(run_state).not.toBe(saved.run_state);
      kept?.set(key, { ...saved, run_state });
    }
    const refused = await engine.submitApproval(SESSION, { kind: "token", token });
    expect(refused.ok ? null : refused.error.code).toBe("checkpoint_tampered");
    expect(env.world.totalEffects()).toBe(0);
    const state = await engine.state(SESSION);
    expect(state.ok && state.value?.status).toBe("approval_required");
  });
});
