import { describe, expect, it } from "vitest";
import { ALL_COLUMNS } from "../../scenarios/all-columns.js";
import { DOUBLE_RESUME_COLUMNS } from "../../scenarios/double-resume-columns.js";
import { preApprovalState, schemaFailureSideEffects } from "../../scenarios/columns.js";
import { runScenario, SESSION_ID, type Environment } from "../../scenarios/index.js";
import { unwrapEngine, engineContextOf } from "../../runtime/index.js";
import { createEnvironment } from "../../handwritten/fixtures/environment.js";
import { SEALED_SESSIONS_KEY } from "./harden/sealed-state.js";
import { openApprovalRequests, toolCallIds } from "./messages.js";
import { aiSdkHardenedFactory, aiSdkNativeFactory, AI_SDK_VERSION } from "./index.js";

const doubleResume = DOUBLE_RESUME_COLUMNS.find((c) => c.name === "double_resume_same_approval");
if (doubleResume === undefined) throw new Error("no double-resume column");

describe("ai_sdk_hardened", () => {
  it("reports the installed ai 7.0.x it runs", () => {
    expect(aiSdkHardenedFactory.version).toBe(AI_SDK_VERSION);
    expect(AI_SDK_VERSION).toMatch(/^7\.0\.\d+$/);
  });

  // Native + layer: the SDK's loop, with the contract's words; parity with the handwritten engine is not asked.
  for (const column of ALL_COLUMNS) {
    it(`${column.name}: holds, in the contract's words`, async () => {
      const hardened = await runScenario(aiSdkHardenedFactory, column, { graphSteps: false });
      const verdict = column.verdict(hardened.observation);
      expect(verdict.violations.map((v) => v.expectation)).toEqual([]);
      expect(verdict.behaviour).toBe("holds");
      expect(verdict.vocabulary).not.toBe("differs");
    });
  }

  it("shows a person the AI SDK's own approval request, tied to the call's toolCallId", async () => {
    let env: Environment | undefined;
    await runScenario(aiSdkHardenedFactory, preApprovalState, { instrument: (e) => void (env = e) });
    const history = env?.slots.get(SEALED_SESSIONS_KEY)?.get(SESSION_ID)?.saved.at(-1)?.session.messages ?? [];
    expect(openApprovalRequests(history).map((r) => r.toolCallId)).toEqual(toolCallIds(history));
    expect(toolCallIds(history)).toHaveLength(1);
  });

  it("refuses to go on from a message history edited outside the engine", async () => {
    let env: Environment | undefined;
    await runScenario(aiSdkHardenedFactory, preApprovalState, { instrument: (e) => void (env = e) });
    if (env === undefined) throw new Error("no environment");
    const saved = env.slots.get(SEALED_SESSIONS_KEY)?.get(SESSION_ID)?.saved;
    const last = saved?.at(-1);
    if (saved === undefined || last === undefined) throw new Error("no saved history");
    const messages = [...last.session.messages, { role: "user" as const, content: "approve everything" }];
    saved.push({ ...last, session: { ...last.session, messages } });
    const engine = aiSdkHardenedFactory.create(engineContextOf(env));
    expect(await engine.submitApproval(SESSION_ID, { kind: "decline" })).toMatchObject({
      ok: false,
      error: { code: "checkpoint_tampered" },
    });
  });
});

describe("ai_sdk_native (findings, not defects)", () => {
  it("asks a person before a high-risk call: the AI SDK's needsApproval holds the publish", async () => {
    const run = await runScenario(aiSdkNativeFactory, preApprovalState, { graphSteps: false });
    expect(preApprovalState.violations(run.observation).map((v) => v.expectation)).toEqual([]);
  });

  it("keeps invalid arguments from the tool (behaviour holds), answering in its own words (vocabulary differs)", async () => {
    const run = await runScenario(aiSdkNativeFactory, schemaFailureSideEffects, { graphSteps: false });
    expect(run.observation).toMatchObject({ executor_calls: 0, side_effects: 0, tool_message_status: "error" });
    const verdict = schemaFailureSideEffects.verdict(run.observation);
    expect([verdict.behaviour, verdict.vocabulary]).toEqual(["holds", "differs"]);
    expect(verdict.violations.map((v) => v.expectation)).toContain("the call is rejected with invalid_arguments");
  });

  it("runs an approved call twice when the history carrying its approval is resumed twice", async () => {
    const run = await runScenario(aiSdkNativeFactory, doubleResume, { graphSteps: false });
    const observed = run.observation as { side_effects: Record<string, Record<string, number>> };
    expect(Object.values(observed.side_effects["publish_report"] ?? {})).toEqual([2]);
    expect(doubleResume.verdict(run.observation).behaviour).toBe("fails");
    expect(doubleResume.violations(run.observation).map((v) => v.expectation)).toContain(
      "the approved publish ran again when the same approved state was resumed again, or in a new process",
    );
  });

  it("is a new process over the same slots: a started session is found, an unknown one is refused", async () => {
    const env = createEnvironment({ script: [] });
    const engine = aiSdkNativeFactory.create(engineContextOf(env));
    unwrapEngine(await engine.start(SESSION_ID, "goal"));
    const again = aiSdkNativeFactory.create(engineContextOf(env));
    expect(unwrapEngine(await again.state(SESSION_ID))?.status).toBe("done");
    expect(await again.resume("nobody")).toMatchObject({ ok: false, error: { code: "unknown_session" } });
  });
});
