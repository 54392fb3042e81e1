/**
 * guarded_execute runs a call with the arguments the SDK validated only when they are the ones the
 * contract authorized: other arguments are refused before the executor, and the call does not run.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_INPUT_LIMITS } from "../contract/index.js";
import { finalAnswer, toolCall } from "../handwritten/fixtures/index.js";
import { createDriver } from "./index.js";
import { createEnvironment } from "../scenarios/index.js";
import { sdkIdOf } from "./index.js";
import { guardedExecutor } from "./index.js";

const ARGS = { name: "summary", content: "the weekly summary" };

async function authorizedSave() {
  const env = createEnvironment({ script: [toolCall("save_artifact", ARGS), finalAnswer("saved")] });
  const driver = createDriver({ ...env, inputLimits: DEFAULT_INPUT_LIMITS }, null);
  driver.dispatch({ type: "run/started", session_id: "s", goal: "save it", at: env.clock.now() });
  await driver.performNext();
  const state = driver.state();
  if (state?.status !== "authorized") throw new Error(`the save was not authorized: ${state?.status}`);
  return { env, driver, callId: sdkIdOf(state, null) };
}

describe("guarded_execute", () => {
  it("runs the call once, under its ledger key, with the SDK's arguments when they are the authorized ones", async () => {
    const { env, driver, callId } = await authorizedSave();
    const answer = await guardedExecutor({ ...env, inputLimits: DEFAULT_INPUT_LIMITS }, driver).execute(callId, ARGS);
    expect(JSON.parse(answer)).toMatchObject({ name: "summary" });
    expect(env.world.totalEffects("save_artifact")).toBe(1);
    expect(driver.state()?.status).toBe("ready");
  });

  it("refuses other arguments than the authorized ones: the executor never runs", async () => {
    const { env, driver, callId } = await authorizedSave();
    const executor = guardedExecutor({ ...env, inputLimits: DEFAULT_INPUT_LIMITS }, driver);
    const answer = await executor.execute(callId, { ...ARGS, content: "something else" });
    expect(answer).toMatch(/^refused: the arguments are not the ones the contract authorized/);
    expect(env.world.totalEffects()).toBe(0);
    // Refused before its ledger entry opened: no intent is left for a resume to find.
    expect(driver.state()?.status).toBe("authorized");
  });
});
