/** A multi-call turn, call by call: keys, phases, the messages each settlement leaves, and the turn's status. */
import { describe, expect, it } from "vitest";
import {
  applyCallFact,
  applyToCalls,
  awaitingCall,
  callsIn,
  intentOf,
  startBatch,
  stateForBatch,
  uncertainCall,
  type StateFields,
} from "./batch.js";
import { deriveIdempotencyKey } from "./ids.js";
import { isHarnessError } from "./result.js";
import { messagesOf, STATE_VERSION, type BatchCall, type Intent } from "./state.js";
import type { Rejection, ValidatedCall } from "./validation.js";

const read: ValidatedCall = {
  tool: "read_table",
  risk: "read_only",
  args: { t: 1 },
  args_digest: "dr",
  requested_key: null,
};
const write: ValidatedCall = {
  tool: "publish",
  risk: "high_risk",
  args: { a: 2 },
  args_digest: "dw",
  requested_key: "k-w",
};
const rejection: Rejection = {
  code: "unknown_tool",
  message: "no such tool",
  tool: "nope",
  issues: [{ path: "p", message: "m" }],
};
const env = { step: 3, at: 50, nonce: (id: string) => `nonce-${id}` };
const newBatch = () =>
  startBatch("s", 3, [
    { call_id: "c1", call: read },
    { call_id: "c2", call: write },
    { call_id: "c3", rejection },
  ]);
const batch = newBatch();
const [c1, c2] = batch.calls as [BatchCall, BatchCall, BatchCall];
const base: StateFields = {
  v: STATE_VERSION,
  session_id: "s",
  event_id: "s:0009",
  seq: 9,
  step: 3,
  messages: [{ role: "user", content: "goal" }],
  used_approvals: [],
  started_at: 0,
  updated_at: 50,
  checkpoint_hash: "",
};
const intentOfC2: Intent = {
  key: "k-w",
  tool: "publish",
  risk: "high_risk",
  args: { a: 2 },
  args_digest: "dw",
  step: 3,
  attempt: 0,
  retry_at: null,
};
/** The code and message of the HarnessError `f` throws. */
const thrown = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (e) {
    return isHarnessError(e) ? { code: e.code, message: e.message } : "not a HarnessError";
  }
};

describe("startBatch", () => {
  it("derives keys as for a single call, keeps a requested key, and settles a rejected call at once", () => {
    // Built in the test: broken file-level setup would stop the whole file from loading instead.
    expect(newBatch().calls).toEqual([
      {
        call_id: "c1",
        call: { ...read, idempotency_key: deriveIdempotencyKey("s", 3, "read_table", "dr") },
        phase: { kind: "validated" },
      },
      { call_id: "c2", call: { ...write, idempotency_key: "k-w" }, phase: { kind: "validated" } },
      {
        call_id: "c3",
        call: null,
        phase: {
          kind: "settled",
          message: {
            role: "tool",
            tool: "nope",
            status: "rejected",
            idempotency_key: null,
            content: { code: "unknown_tool", message: "no such tool", issues: [{ path: "p", message: "m" }] },
          },
        },
      },
    ]);
  });
});

describe("applyCallFact", () => {
  const settled = (status: string, key: string | null, content: unknown) => ({
    ...c2,
    phase: { kind: "settled", message: { role: "tool", tool: "publish", status, idempotency_key: key, content } },
  });

  it("moves a call through policy and approval", () => {
    expect(applyCallFact(c2, { type: "policy_allowed" }, env).phase).toEqual({ kind: "authorized" });
    expect(applyCallFact(c2, { type: "approval_accepted" }, env).phase).toEqual({ kind: "authorized" });
    expect(applyCallFact(c2, { type: "approval_requested" }, env).phase).toEqual({
      kind: "awaiting_approval",
      nonce: "nonce-c2",
      requested_at: 50,
    });
  });

  it("words every settlement of a call", () => {
    expect(applyCallFact(c2, { type: "policy_denied", reason: "always_deny" }, env)).toEqual(
      settled("denied", null, { code: "always_deny", message: "publish is never executed" }),
    );
    expect(applyCallFact(c2, { type: "approval_declined" }, env)).toEqual(
      settled("declined", "k-w", { code: "approval_declined", message: "a person declined this call" }),
    );
    expect(applyCallFact(c2, { type: "call_conflicted", reason: "key_in_flight" }, env)).toEqual(
      settled("conflict", "k-w", { code: "key_in_flight", message: "idempotency key cannot run this call" }),
    );
    expect(applyCallFact(c2, { type: "call_replayed", content: { x: 1 } }, env)).toEqual(
      settled("replayed", "k-w", { x: 1 }),
    );
    expect(applyCallFact(c2, { type: "tool_succeeded", content: 7, recovered: false }, env)).toEqual(
      settled("ok", "k-w", 7),
    );
    expect(applyCallFact(c2, { type: "tool_errored", message: "boom" }, env)).toEqual(
      settled("error", "k-w", { code: "tool_error", message: "boom" }),
    );
    expect(applyCallFact(c2, { type: "tool_reconciled", operator: "ann", note: "seen" }, env)).toEqual(
      settled("reconciled", "k-w", { outcome: "confirmed", operator: "ann", note: "seen" }),
    );
  });

  it("records the intent, retries it with one more attempt, and keeps it when uncertain", () => {
    const executing = applyCallFact(c2, { type: "intent_recorded" }, env);
    expect(executing.phase).toEqual({ kind: "executing", intent: intentOfC2 });
    const retried = applyCallFact(executing, { type: "retry_scheduled", retry_at: 80, message: "busy" }, env);
    expect(retried.phase).toEqual({ kind: "executing", intent: { ...intentOfC2, attempt: 1, retry_at: 80 } });
    const again = applyCallFact(retried, { type: "retry_scheduled", retry_at: 90, message: "busy" }, env);
    expect(again.phase).toEqual({ kind: "executing", intent: { ...intentOfC2, attempt: 2, retry_at: 90 } });
    expect(applyCallFact(retried, { type: "tool_uncertain", reason: "timeout", message: "m" }, env).phase).toEqual({
      kind: "uncertain",
      intent: { ...intentOfC2, attempt: 1, retry_at: 80 },
    });
    expect(applyCallFact(c2, { type: "tool_uncertain", reason: "timeout", message: "m" }, env).phase).toEqual({
      kind: "uncertain",
      intent: intentOfC2,
    });
    expect(applyCallFact(executing, { type: "retries_exhausted", message: "gave up" }, env).phase).toEqual({
      kind: "exhausted",
      message: "gave up",
    });
  });

  it("refuses any fact for a rejected call", () => {
    expect(thrown(() => applyCallFact(batch.calls[2]!, { type: "policy_allowed" }, env))).toEqual({
      code: "invalid_transition",
      message: "call c3 was rejected; policy_allowed",
    });
  });
});

describe("applyToCalls", () => {
  it("moves only the named calls, and refuses a call the batch does not hold", () => {
    const next = applyToCalls(batch, [{ call_id: "c2", fact: { type: "policy_allowed" } }], env);
    expect(next.calls.map((c) => c.phase.kind)).toEqual(["validated", "authorized", "settled"]);
    expect(next.calls[0]).toBe(batch.calls[0]);
    expect(thrown(() => applyToCalls(batch, [{ call_id: "c9", fact: { type: "policy_allowed" } }], env))).toEqual({
      code: "invalid_transition",
      message: "no call c9 in this batch",
    });
  });
});

describe("stateForBatch", () => {
  const withPhases = (...phases: BatchCall["phase"][]) => ({
    calls: [
      { ...c1, phase: phases[0]! },
      { ...c2, phase: phases[1]! },
    ],
  });
  const awaiting = { kind: "awaiting_approval", nonce: "n2", requested_at: 40 } as const;
  const ok = (tool: string) =>
    ({
      kind: "settled",
      message: { role: "tool", tool, status: "ok", idempotency_key: "k", content: null },
    }) as const;
  const pending = {
    tool: "publish",
    args: { a: 2 },
    args_digest: "dw",
    idempotency_key: "k-w",
    nonce: "n2",
    requested_at: 40,
  };

  it("fails the run when a call exhausted its retries, whatever the others do", () => {
    const state = stateForBatch(base, withPhases(awaiting, { kind: "exhausted", message: "gave up" }));
    expect(state).toEqual({
      ...base,
      status: "failed",
      failure: { code: "retries_exhausted", message: "gave up" },
      pending_approval: null,
    });
  });

  it("stays in the batch while a call still needs policy or dispatch, keeping a pending approval", () => {
    const b = withPhases({ kind: "validated" }, awaiting);
    expect(stateForBatch(base, b)).toEqual({ ...base, status: "batch", batch: b, pending_approval: pending });
    const a = withPhases({ kind: "authorized" }, ok("publish"));
    expect(stateForBatch(base, a)).toEqual({ ...base, status: "batch", batch: a, pending_approval: null });
  });

  it("asks for reconciliation of an uncertain call before anything else waits", () => {
    const b = withPhases({ kind: "uncertain", intent: intentOfC2 }, awaiting);
    expect(stateForBatch(base, b)).toEqual({
      ...base,
      status: "reconcile_required",
      intent: intentOfC2,
      batch: b,
      pending_approval: null,
    });
  });

  it("keeps executing before asking for approval, then asks for the awaiting call", () => {
    const e = withPhases({ kind: "executing", intent: intentOfC2 }, awaiting);
    expect(stateForBatch(base, e)).toEqual({ ...base, status: "batch", batch: e, pending_approval: pending });
    const w = withPhases(ok("read_table"), awaiting);
    expect(stateForBatch(base, w)).toEqual({
      ...base,
      status: "approval_required",
      call: c2.call,
      pending_approval: pending,
      batch: w,
    });
  });

  it("hands every message to the model in call order, tagged with its call id, once all have settled", () => {
    const state = stateForBatch(base, withPhases(ok("read_table"), ok("publish")));
    expect(state.status).toBe("ready");
    expect(state.pending_approval).toBeNull();
    expect(messagesOf(state)).toEqual([
      { role: "user", content: "goal" },
      { role: "tool", tool: "read_table", status: "ok", idempotency_key: "k", content: null, call_id: "c1" },
      { role: "tool", tool: "publish", status: "ok", idempotency_key: "k", content: null, call_id: "c2" },
    ]);
  });
});

describe("finding calls in a batch", () => {
  const b = {
    calls: [
      { ...c1, phase: { kind: "uncertain", intent: { ...intentOfC2, key: "k-1" } } },
      { ...c2, phase: { kind: "awaiting_approval", nonce: "n2", requested_at: 1 } },
      batch.calls[2]!,
    ],
  } as const;

  it("lists the calls in a phase, leaving out rejected ones", () => {
    expect(callsIn(b, "awaiting_approval").map((c) => c.call_id)).toEqual(["c2"]);
    expect(callsIn(b, "settled")).toEqual([]);
  });

  it("finds the call a pending approval or an uncertain intent names, and refuses one it does not hold", () => {
    const pendingFor = (nonce: string) => ({ ...c2.call!, nonce, requested_at: 1, idempotency_key: "k-w" });
    expect(awaitingCall(b, pendingFor("n2")).call_id).toBe("c2");
    expect(thrown(() => awaitingCall(b, pendingFor("n9")))).toEqual({
      code: "invalid_transition",
      message: "the pending approval names no call of the batch",
    });
    expect(uncertainCall(b, { ...intentOfC2, key: "k-1" }).call_id).toBe("c1");
    expect(thrown(() => uncertainCall(b, intentOfC2))).toEqual({
      code: "invalid_transition",
      message: "the uncertain intent names no call of the batch",
    });
  });

  it("makes a first-attempt intent of an authorized call", () => {
    expect(intentOf(c2.call!, 3)).toEqual(intentOfC2);
  });
});
