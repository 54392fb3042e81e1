/**
 * What every engine must show on the four required columns, checked against the fixture world
 * and the contract's rules — not against another engine's output.
 */
import { describe, expect, it } from "vitest";
import { canonicalJson, hashState, messagesOf } from "../../contract/index.js";
import { unwrapEngine } from "../../runtime/index.js";
import { finalAnswer, toolCall } from "../../handwritten/fixtures/index.js";
import {
  ALL_COLUMNS,
  createEnvironment,
  handwrittenFactory,
  SESSION_ID,
  idempotencyReplay,
  interruptedCheckpoint,
  preApprovalState,
  runScenario,
  schemaFailureSideEffects,
  type EngineFactory,
} from "../../scenarios/index.js";

import { decisionsSpendTheirNonce } from "./decisions-spend.js";

type Obs = Record<string, unknown>;

export function behavesLikeTheContract(factory: EngineFactory): void {
  decisionsSpendTheirNonce(factory);
  describe(`${factory.id} shows every column's expected signal`, () => {
    for (const column of ALL_COLUMNS) {
      it(`${column.name}: ${column.expected}`, async () => {
        const { observation } = await runScenario(factory, column);
        expect(column.violations(observation).map((v) => v.expectation)).toEqual([]);
      });
    }
  });

  describe(`${factory.id} on the required columns`, () => {
    it("rejects invalid write arguments before execute, returns the issues, and lands no side effect", async () => {
      const { observation } = await runScenario(factory, schemaFailureSideEffects);
      const o = observation as Obs;
      expect(o["executor_calls"]).toBe(0);
      expect(o["side_effects"]).toBe(0);
      expect(o["rejection_code"]).toBe("invalid_arguments");
      expect(o["issue_paths"]).toContain("$.content");
      expect(o["final_status"]).toBe("done");
    });

    it("stops a high-risk call in approval_required with the pending call and zero side effects", async () => {
      const { observation } = await runScenario(factory, preApprovalState);
      const o = observation as Obs & { pending_approval: { tool: string } | null };
      expect(o["status"]).toBe("approval_required");
      expect(o.pending_approval?.tool).toBe("publish_report");
      expect(o["executor_calls"]).toBe(0);
      expect(o["side_effects"]).toBe(0);
    });

    it("replays the stored result for a repeated key with one executor call and one side effect", async () => {
      const { observation } = await runScenario(factory, idempotencyReplay);
      const o = observation as Obs;
      expect([o["first_status"], o["second_status"]]).toEqual(["ok", "replayed"]);
      expect(o["same_output"]).toBe(true);
      expect(o["executor_calls"]).toBe(1);
      expect(o["side_effects"]).toBe(1);
    });

    it("keeps the intent in the checkpoint across a crash and resumes under the same key without a duplicate", async () => {
      const { observation, trace } = await runScenario(factory, interruptedCheckpoint);
      const o = observation as Obs & {
        checkpoint_at_crash: { status: string; intent: { key: string } | null };
        after_resume: Obs;
      };
      expect(o["crashed"]).toBe(true);
      expect(o.checkpoint_at_crash.status).toBe("executing");
      expect(o.checkpoint_at_crash.intent?.key).toBe("write-002");
      expect(o["side_effects_at_crash"]).toBe(0);
      expect(o.after_resume["status"]).toBe("done");
      expect(o.after_resume["side_effects"]).toBe(1);
      expect(o["keys_used"]).toEqual(["write-002"]);
      // The trace is a single, gap-free history even though two processes wrote it.
      expect(trace.map((e) => e.seq)).toEqual(trace.map((_, i) => i));
    });

    it("records in every trace event the hash of the state that event produced", async () => {
      const { trace, observation } = await runScenario(factory, idempotencyReplay);
      expect(trace.length).toBeGreaterThan(5);
      expect(new Set(trace.map((e) => e.checkpoint_hash)).size).toBe(trace.length);
      expect(trace.at(-1)?.checkpoint_hash).toBe((observation as Obs)["checkpoint_hash"]);
    });

    it("runs a session of 100 tool calls to its end, its checkpoint hash still the hash of its state", async () => {
      const calls = 100;
      const script = [
        ...Array.from({ length: calls }, () => toolCall("read_table", { table: "sales", limit: 2 })),
        finalAnswer("ok"),
      ];
      const env = createEnvironment({ script, limits: { maxSteps: calls + 1 } });
      const final = unwrapEngine(await factory.create(env).start(SESSION_ID, "read it a hundred times"));
      expect(final.status).toBe("done");
      expect(messagesOf(final).filter((m) => m.role === "tool" && m.status === "ok")).toHaveLength(calls);
      expect(final.seq).toBe(1 + 5 * calls + 1);
      expect(hashState(JSON.parse(JSON.stringify(final)) as typeof final)).toBe(final.checkpoint_hash);
    });
  });
}

/** Every column holds on `factory` and observes exactly what the handwritten reference observes (graph steps aside). */
export function observesLikeTheReference(factory: EngineFactory): void {
  for (const column of ALL_COLUMNS) {
    it(`${column.name}: holds and observes exactly what the handwritten engine observes`, async () => {
      const run = await runScenario(factory, column, { graphSteps: false });
      const reference = await runScenario(handwrittenFactory, column, { graphSteps: false });
      expect(column.violations(run.observation)).toEqual([]);
      expect(canonicalJson(run.observation)).toBe(canonicalJson(reference.observation));
    });
  }
}
