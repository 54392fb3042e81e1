/**
 * `applyFact` walked through single-call and batch turns: every field a fact sets, the message it
 * leaves for the model and the trace event it writes, spelled out by hand.
 */
import { describe, expect, it } from "vitest";
import { digest } from "./canonical.js";
import { applyFact, applyFacts, startRun, type Fact } from "./facts.js";
import { createIdSource, deriveIdempotencyKey } from "./ids.js";
import { isHarnessError } from "./result.js";
import { hashState } from "./checkpoint.js";
import { messagesOf, type AgentState } from "./state.js";
import type { ValidatedCall } from "./validation.js";

const ids = createIdSource("walks");
const env = { at: 100, ids };
const later = { at: 200, ids };
const ARGS = { artifact: "art_a", audience: "team" };
const publish: ValidatedCall = {
  tool: "publish_report",
  risk: "high_risk",
  args: ARGS,
  args_digest: digest(ARGS),
  requested_key: null,
};
const KEY = deriveIdempotencyKey("s", 1, "publish_report", digest(ARGS));
const call = { ...publish, idempotency_key: KEY };
const intent = { key: KEY, tool: "publish_report", risk: "high_risk", args: ARGS, args_digest: digest(ARGS), step: 1 };
const start = () => startRun("s", "the goal", env);

function walk(facts: readonly Fact[], from: AgentState = start().state) {
  return applyFacts(from, facts, later);
}
const toValidated: Fact[] = [
  { type: "planner_responded", raw: "plan" },
  { type: "call_validated", call: publish },
];
const toAuthorized: Fact[] = [...toValidated, { type: "policy_allowed" }];
const toExecuting: Fact[] = [...toAuthorized, { type: "intent_recorded" }];
const toolMsg = (status: string, key: string | null, content: unknown) => ({
  role: "tool",
  tool: "publish_report",
  status,
  idempotency_key: key,
  content,
});
const last = (s: AgentState) => s.messages.at(-1);

describe("startRun", () => {
  it("starts ready, at sequence 0, with the goal as the only message", () => {
    const { state, trace } = start();
    expect(state).toMatchObject({
      v: 1,
      session_id: "s",
      event_id: "s:0000",
      seq: 0,
      step: 0,
      status: "ready",
      messages: [{ role: "user", content: "the goal" }],
      used_approvals: [],
      pending_approval: null,
      started_at: 100,
      updated_at: 100,
    });
    expect(state.checkpoint_hash).toBe(hashState(state));
    expect(trace).toMatchObject({ type: "run_started", seq: 0, status: "ready", tool: null, step: 0 });
  });
});

describe("applyFact on a single call", () => {
  it("plans: one more step, the output kept as the assistant's message, a long one cut", () => {
    const s = walk([{ type: "planner_responded", raw: "plan" }]).state;
    expect(s).toMatchObject({
      status: "planned",
      planned: "plan",
      step: 1,
      seq: 1,
      event_id: "s:0001",
      updated_at: 200,
    });
    expect(s).not.toHaveProperty("planned_redacted");
    expect(last(s)).toEqual({ role: "assistant", content: "plan" });
    const long = "x".repeat(4097);
    expect(last(walk([{ type: "planner_responded", raw: long }]).state)).toEqual({
      role: "assistant",
      content: `${"x".repeat(4096)}…(4097 chars)`,
    });
    expect(last(walk([{ type: "planner_responded", raw: "y".repeat(4096) }]).state)?.content).toBe("y".repeat(4096));
  });

  it("plans output with a credential redacted, flagged, and never as the message", () => {
    const s = walk([{ type: "planner_responded", raw: "mail bob@example.com" }]).state;
    expect(s).toMatchObject({ status: "planned", planned_redacted: true });
    if (s.status !== "planned") throw new Error("not planned");
    expect(s.planned).not.toContain("bob@example.com");
    expect(last(s)).toEqual({
      role: "assistant",
      content: "[redacted: planner output carried credentials or contact data]",
    });
  });

  it("ends on the step limit, the time limit, or a final answer (redacted)", () => {
    expect(walk([{ type: "step_limit_reached" }]).state.status).toBe("step_limit");
    expect(walk([{ type: "time_limit_reached" }]).state).toMatchObject({
      status: "failed",
      failure: { code: "time_limit", message: "run exceeded its wall-time bound" },
    });
    const done = walk([
      { type: "planner_responded", raw: "x" },
      { type: "run_completed", text: "write to bob@example.com" },
    ]).state;
    expect(done.status).toBe("done");
    if (done.status !== "done") throw new Error("not done");
    expect(done.final).not.toContain("bob@example.com");
    expect(done.final).toContain("write to");
  });

  it("rejects a call back to ready with a rejected message naming the tool", () => {
    const rejection = { code: "unknown_tool" as const, message: "no such tool", tool: "nope", issues: [] };
    const { state, trace } = walk([
      { type: "planner_responded", raw: "x" },
      { type: "call_rejected", rejection },
    ]);
    expect(state.status).toBe("ready");
    expect(last(state)).toEqual({
      role: "tool",
      tool: "nope",
      status: "rejected",
      idempotency_key: null,
      content: { code: "unknown_tool", message: "no such tool", issues: [] },
    });
    expect(trace[1]).toMatchObject({ tool: "nope", decision: "reject", reason: "unknown_tool" });
  });

  it("validates a call under the derived key, or the key the caller asked for", () => {
    const { state, trace } = walk(toValidated);
    expect(state).toMatchObject({ status: "validated", call });
    expect(trace[1]).toMatchObject({
      type: "call_validated",
      tool: "publish_report",
      args: ARGS,
      args_digest: digest(ARGS),
      idempotency_key: KEY,
      decision: "valid",
      step: 1,
      seq: 2,
      status: "validated",
      at: 200,
      session_id: "s",
      event_id: "s:0002",
    });
    const asked = walk([toValidated[0]!, { type: "call_validated", call: { ...publish, requested_key: "mine" } }]);
    expect(asked.state).toMatchObject({ call: { idempotency_key: "mine" } });
  });

  it("denies a call back to ready with a denied message", () => {
    const s = walk([...toValidated, { type: "policy_denied", reason: "always_deny" }]).state;
    expect(s.status).toBe("ready");
    expect(last(s)).toEqual(
      toolMsg("denied", null, { code: "always_deny", message: "publish_report is never executed" }),
    );
  });

  it("asks for approval with the pending call, its nonce and the time asked", () => {
    const s = walk([...toValidated, { type: "approval_requested" }]).state;
    expect(s).toMatchObject({
      status: "approval_required",
      call,
      pending_approval: {
        tool: "publish_report",
        args: ARGS,
        args_digest: digest(ARGS),
        idempotency_key: KEY,
        nonce: ids.nonce("s", 3),
        requested_at: 200,
      },
    });
  });

  it("keeps waiting after a refused token, spends the nonce on acceptance, and answers a decline", () => {
    const waiting = walk([...toValidated, { type: "approval_requested" }]).state;
    const refused = applyFact(
      waiting,
      { type: "approval_refused", failure: { code: "approval_expired", message: "m" } },
      later,
    ).state;
    expect(refused).toMatchObject({ status: "approval_required", call, pending_approval: waiting.pending_approval });
    expect(refused).not.toHaveProperty("batch");
    const accepted = applyFact(refused, { type: "approval_accepted" }, later).state;
    expect(accepted).toMatchObject({ status: "authorized", call, used_approvals: [ids.nonce("s", 3)] });
    expect(accepted.pending_approval).toBeNull();
    const declined = applyFact(waiting, { type: "approval_declined" }, later).state;
    expect(declined.status).toBe("ready");
    expect(last(declined)).toEqual(
      toolMsg("declined", KEY, { code: "approval_declined", message: "a person declined this call" }),
    );
  });

  it("records the intent before a dispatch, and answers a replay or a conflict from the ledger", () => {
    expect(walk(toExecuting).state).toMatchObject({
      status: "executing",
      intent: { ...intent, attempt: 0, retry_at: null },
    });
    const replayed = walk([...toAuthorized, { type: "call_replayed", content: { id: 1 } }]).state;
    expect(replayed.status).toBe("ready");
    expect(last(replayed)).toEqual(toolMsg("replayed", KEY, { id: 1 }));
    const conflicted = walk([...toAuthorized, { type: "call_conflicted", reason: "key_in_flight" }]).state;
    expect(conflicted.status).toBe("ready");
    expect(last(conflicted)).toEqual(
      toolMsg("conflict", KEY, { code: "key_in_flight", message: "idempotency key cannot run this call" }),
    );
  });

  it("settles an attempt: success, error, retry, exhaustion", () => {
    const ok = walk([...toExecuting, { type: "tool_succeeded", content: { id: 7 }, recovered: false }]);
    expect(ok.state.status).toBe("ready");
    expect(last(ok.state)).toEqual(toolMsg("ok", KEY, { id: 7 }));
    expect(ok.trace.at(-1)).toMatchObject({ tool: "publish_report", idempotency_key: KEY, args_digest: digest(ARGS) });
    const failed = walk([...toExecuting, { type: "tool_errored", message: "boom" }]).state;
    expect(failed.status).toBe("ready");
    expect(last(failed)).toEqual(toolMsg("error", KEY, { code: "tool_error", message: "boom" }));
    const retried = walk([...toExecuting, { type: "retry_scheduled", retry_at: 900, message: "busy" }]).state;
    expect(retried).toMatchObject({ status: "executing", intent: { ...intent, attempt: 1, retry_at: 900 } });
    const exhausted = walk([...toExecuting, { type: "retries_exhausted", message: "gave up" }]).state;
    expect(exhausted).toMatchObject({ status: "failed", failure: { code: "retries_exhausted", message: "gave up" } });
  });

  it("waits for reconciliation of an uncertain call, from dispatch or before it, then records the operator", () => {
    const fromExecuting = walk([
      ...toExecuting,
      { type: "retry_scheduled", retry_at: 900, message: "busy" },
      { type: "tool_uncertain", reason: "timeout", message: "m" },
    ]).state;
    expect(fromExecuting).toMatchObject({ status: "reconcile_required", intent: { attempt: 1, retry_at: 900 } });
    const fromAuthorized = walk([
      ...toAuthorized,
      { type: "tool_uncertain", reason: "ledger_uncertain", message: "m" },
    ]);
    expect(fromAuthorized.state).toMatchObject({
      status: "reconcile_required",
      intent: { ...intent, attempt: 0, retry_at: null },
    });
    const reconciled = applyFact(
      fromAuthorized.state,
      { type: "tool_reconciled", operator: "ann", note: "seen" },
      later,
    ).state;
    expect(reconciled.status).toBe("ready");
    expect(last(reconciled)).toEqual(
      toolMsg("reconciled", KEY, { outcome: "confirmed", operator: "ann", note: "seen" }),
    );
  });

  it("trims the conversation to its last messages", () => {
    const s = walk([
      { type: "planner_responded", raw: "a" },
      { type: "call_validated", call: publish },
      { type: "policy_denied", reason: "r" },
      { type: "messages_trimmed", kept: 2 },
    ]).state;
    expect(messagesOf(s).map((m) => m.role)).toEqual(["assistant", "tool"]);
    expect(s.status).toBe("ready");
  });

  it("refuses a fact its status does not allow, naming both", () => {
    let error: unknown = null;
    try {
      walk([{ type: "approval_accepted" }]);
    } catch (e) {
      error = e;
    }
    expect(isHarnessError(error) && error.code).toBe("invalid_transition");
    expect((error as Error).message).toBe("fact approval_accepted cannot apply in status ready");
    expect(() => walk([{ type: "tool_uncertain", reason: "timeout", message: "m" }])).toThrow(/status ready/);
  });
});

describe("applyFact on a batch", () => {
  const read: ValidatedCall = {
    tool: "read_table",
    risk: "read_only",
    args: {},
    args_digest: "dr",
    requested_key: "k-r",
  };
  const entries = [
    { call_id: "c1", call: read },
    { call_id: "c2", call: { ...publish, requested_key: "k-p" } },
  ];
  // Built in each test: broken file-level setup would stop the whole file from loading instead.
  const validated = () =>
    walk([
      { type: "planner_responded", raw: "x" },
      { type: "batch_validated", entries },
    ]).state;
  const waiting = () =>
    applyFacts(
      validated(),
      [
        {
          type: "batch_policy_decided",
          results: [
            { call_id: "c1", fact: { type: "policy_allowed" } },
            { call_id: "c2", fact: { type: "approval_requested" } },
          ],
        },
        { type: "batch_intents_recorded", results: [{ call_id: "c1", fact: { type: "intent_recorded" } }] },
        {
          type: "batch_calls_settled",
          results: [{ call_id: "c1", fact: { type: "tool_succeeded", content: 1, recovered: false } }],
        },
      ],
      later,
    ).state;

  it("waits for the approval of one call once the others settled, with the batch's nonce for it", () => {
    expect(validated().status).toBe("batch");
    expect(waiting()).toMatchObject({
      status: "approval_required",
      pending_approval: {
        tool: "publish_report",
        idempotency_key: "k-p",
        nonce: ids.nonce("s#c2", 3),
        requested_at: 200,
      },
    });
  });

  it("keeps the batch through a refused token, and settles the call on a decline", () => {
    const refused = applyFact(
      waiting(),
      { type: "approval_refused", failure: { code: "approval_expired", message: "m" } },
      later,
    );
    expect(refused.state).toMatchObject({
      status: "approval_required",
      batch: { calls: [{ call_id: "c1" }, { call_id: "c2" }] },
    });
    const declined = applyFact(refused.state, { type: "approval_declined" }, later).state;
    expect(declined.status).toBe("ready");
    expect(messagesOf(declined).slice(-2)).toEqual([
      { role: "tool", tool: "read_table", status: "ok", idempotency_key: "k-r", content: 1, call_id: "c1" },
      {
        ...toolMsg("declined", "k-p", { code: "approval_declined", message: "a person declined this call" }),
        call_id: "c2",
      },
    ]);
  });

  it("authorizes the call on acceptance, spending the nonce, and reconciles an uncertain one", () => {
    const accepted = applyFact(waiting(), { type: "approval_accepted" }, later).state;
    expect(accepted).toMatchObject({ status: "batch", used_approvals: [ids.nonce("s#c2", 3)] });
    const uncertain = applyFacts(
      accepted,
      [
        { type: "batch_intents_recorded", results: [{ call_id: "c2", fact: { type: "intent_recorded" } }] },
        {
          type: "batch_calls_settled",
          results: [{ call_id: "c2", fact: { type: "tool_uncertain", reason: "timeout", message: "m" } }],
        },
      ],
      later,
    ).state;
    expect(uncertain).toMatchObject({ status: "reconcile_required", intent: { key: "k-p" } });
    const reconciled = applyFact(uncertain, { type: "tool_reconciled", operator: "ann", note: "" }, later).state;
    expect(reconciled.status).toBe("ready");
    expect(last(reconciled)).toEqual({
      ...toolMsg("reconciled", "k-p", { outcome: "confirmed", operator: "ann", note: "" }),
      call_id: "c2",
    });
  });
});
