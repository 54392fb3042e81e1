/**
 * CONTRACT.md §9: a decision spends the pending call's nonce in the nonce store, whichever it is.
 * Read straight off the store after one approval or one decline, so the check does not depend on
 * how an engine rewinds: a batch approval in either batch mode, a decline alone or in a batch.
 */
import { describe, expect, it } from "vitest";
import { approvePending } from "../../contract/index.js";
import { finalAnswer, toolCall, toolCalls } from "../../handwritten/fixtures/index.js";
import { BATCH_EXECUTIONS, engineContextOf, type BatchExecution, type EngineFactory } from "../../runtime/index.js";
import { createEnvironment, SESSION_ID } from "../../scenarios/index.js";

const PUBLISH = { artifact: "art_weekly", audience: "team" };
const SINGLE = [toolCall("publish_report", PUBLISH), finalAnswer("done")];
const BATCH = [
  toolCalls([
    { id: "save", tool: "save_artifact", args: { name: "summary", content: "summary" } },
    { id: "publish", tool: "publish_report", args: PUBLISH },
  ]),
  finalAnswer("done"),
];

/** Starts a run that waits for approval, answers it, and says whether the pending nonce is now spent. */
async function spentAfter(
  factory: EngineFactory,
  script: readonly string[],
  mode: BatchExecution,
  decision: "approve" | "decline",
) {
  const env = createEnvironment({ script, batchExecution: mode });
  const engine = factory.create(engineContextOf(env));
  const pending = (await engine.start(SESSION_ID, "spend it")).pending_approval;
  if (pending === null) throw new Error("the run does not wait for approval");
  const token = approvePending(pending, SESSION_ID, env.secret, env.clock.now());
  await engine.submitApproval(SESSION_ID, decision === "approve" ? { kind: "token", token } : { kind: "decline" });
  return { spent: env.nonces.has(pending.nonce), publishes: env.world.totalCalls("publish_report") };
}

export function decisionsSpendTheirNonce(factory: EngineFactory): void {
  describe(`${factory.id}: a decision spends the pending call's nonce in the nonce store`, () => {
    for (const mode of BATCH_EXECUTIONS) {
      it(`a batch approval (${mode})`, async () => {
        expect(await spentAfter(factory, BATCH, mode, "approve")).toEqual({ spent: true, publishes: 1 });
      });
      it(`a decline in a batch (${mode})`, async () => {
        expect(await spentAfter(factory, BATCH, mode, "decline")).toEqual({ spent: true, publishes: 0 });
      });
    }
    it("a decline of a single call", async () => {
      expect(await spentAfter(factory, SINGLE, "fan_out", "decline")).toEqual({ spent: true, publishes: 0 });
    });
  });
}
