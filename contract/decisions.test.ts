import { describe, it, expect } from "vitest";
import { factForBegin, factForOutcome, factForReconcile, factForTrim } from "./decisions.js";
import { DEFAULT_LIMITS, messagesOf, type Intent } from "./state.js";
import { startRun, applyFacts } from "./facts.js";
import { createIdSource } from "./ids.js";

const intent = (attempt: number): Intent => ({
  key: "k",
  tool: "save_artifact",
  risk: "idempotent_write",
  args: {},
  args_digest: "d",
  step: 1,
  attempt,
  retry_at: null,
});

describe("factForBegin", () => {
  const noContent = () => null;

  it("maps an in-flight conflict to call_conflicted with key_in_flight", () => {
    expect(factForBegin({ kind: "conflict" }, noContent)).toEqual({ type: "call_conflicted", reason: "key_in_flight" });
  });

  it("maps a mismatch to call_conflicted with key_reused_with_other_arguments", () => {
    expect(factForBegin({ kind: "mismatch" }, noContent)).toEqual({
      type: "call_conflicted",
      reason: "key_reused_with_other_arguments",
    });
  });

  it("maps a replay to call_replayed with the stored output's content", () => {
    expect(factForBegin({ kind: "replay", output: { a: 1 } }, (o) => ({ shown: o as { a: number } }))).toEqual({
      type: "call_replayed",
      content: { shown: { a: 1 } },
    });
  });

  it("maps an uncertain key to tool_uncertain with ledger_uncertain", () => {
    expect(factForBegin({ kind: "uncertain" }, noContent)).toMatchObject({
      type: "tool_uncertain",
      reason: "ledger_uncertain",
    });
  });
});

describe("factForOutcome (transient retries)", () => {
  it("schedules retries with doubling backoff (100, 200, 400 ms) and gives up after the third", () => {
    const now = 5_000;
    expect(factForOutcome({ kind: "transient", message: "m" }, intent(0), DEFAULT_LIMITS, now)).toMatchObject({
      type: "retry_scheduled",
      retry_at: now + 100,
    });
    expect(factForOutcome({ kind: "transient", message: "m" }, intent(1), DEFAULT_LIMITS, now)).toMatchObject({
      type: "retry_scheduled",
      retry_at: now + 200,
    });
    expect(factForOutcome({ kind: "transient", message: "m" }, intent(2), DEFAULT_LIMITS, now)).toMatchObject({
      type: "retry_scheduled",
      retry_at: now + 400,
    });
    expect(factForOutcome({ kind: "transient", message: "m" }, intent(3), DEFAULT_LIMITS, now)).toMatchObject({
      type: "retries_exhausted",
    });
  });

  it("never retries an uncertain outcome", () => {
    expect(
      factForOutcome({ kind: "uncertain", reason: "timeout", message: "m" }, intent(0), DEFAULT_LIMITS, 0),
    ).toEqual({
      type: "tool_uncertain",
      reason: "timeout",
      message: "m",
    });
  });
});

describe("factForReconcile", () => {
  const ids = createIdSource("seed");
  const ready = startRun("s", "goal", { at: 0, ids }).state;

  it("refuses to reconcile a run that is not in reconcile_required", () => {
    expect(factForReconcile(ready, { outcome: "confirmed", operator: "alice" })).toHaveProperty("error");
  });

  it("needs a named operator", () => {
    const { state } = applyFacts(
      ready,
      [
        { type: "planner_responded", raw: "{}" },
        {
          type: "call_validated",
          call: { tool: "save_artifact", risk: "idempotent_write", args: {}, args_digest: "d", requested_key: "k" },
        },
        { type: "policy_allowed" },
        { type: "intent_recorded" },
        { type: "tool_uncertain", reason: "timeout", message: "m" },
      ],
      { at: 1, ids },
    );
    expect(state.status).toBe("reconcile_required");
    expect(factForReconcile(state, { outcome: "confirmed", operator: "  " })).toHaveProperty("error");
    expect(factForReconcile(state, { outcome: "confirmed", operator: "alice" })).toEqual({
      type: "tool_reconciled",
      operator: "alice",
      note: "",
    });
  });
});

describe("factForTrim", () => {
  const ids = createIdSource("trim");
  const ready = startRun("s", "goal", { at: 0, ids }).state;
  const talkative = applyFacts(
    ready,
    Array.from({ length: 5 }, () => [
      { type: "planner_responded" as const, raw: "{}" },
      {
        type: "call_rejected" as const,
        rejection: { code: "malformed_call" as const, message: "m", tool: null, issues: [] },
      },
    ]).flat(),
    { at: 0, ids },
  ).state;

  it("trims a ready conversation over the bound to its last half, and leaves a shorter one alone", () => {
    expect(talkative.messages).toHaveLength(11);
    expect(factForTrim(talkative, 10)).toEqual({ type: "messages_trimmed", kept: 5 });
    expect(factForTrim(talkative, 11)).toBeNull();
    const trimmed = applyFacts(talkative, [{ type: "messages_trimmed", kept: 5 }], { at: 1, ids }).state;
    expect(messagesOf(trimmed)).toEqual(messagesOf(talkative).slice(-5));
    expect(trimmed.seq).toBe(talkative.seq + 1);
  });
});
