/** How the trace words each fact (`verdictOf`): the decision, result status and reason, written out by hand. */
import { describe, expect, it } from "vitest";
import { verdictOf, type Fact } from "./facts.js";
import type { Rejection } from "./validation.js";

const rejection: Rejection = { code: "unknown_tool", message: "m", tool: "x", issues: [] };
const call = { tool: "t", risk: "read_only" as const, args: {}, args_digest: "d", requested_key: null };

const cases: readonly (readonly [Fact, object])[] = [
  [{ type: "planner_responded", raw: "r" }, {}],
  [{ type: "step_limit_reached" }, { reason: "max_steps" }],
  [{ type: "time_limit_reached" }, { reason: "time_limit" }],
  [{ type: "run_completed", text: "t" }, { result_status: "done" }],
  [
    { type: "call_rejected", rejection },
    { decision: "reject", reason: "unknown_tool" },
  ],
  [{ type: "call_validated", call }, { decision: "valid" }],
  [{ type: "policy_allowed" }, { decision: "allow" }],
  [
    { type: "policy_denied", reason: "always_deny" },
    { decision: "deny", reason: "always_deny" },
  ],
  [{ type: "approval_requested" }, { decision: "require_approval" }],
  [
    { type: "approval_refused", failure: { code: "approval_expired", message: "m" } },
    { decision: "refuse_token", reason: "approval_expired" },
  ],
  [{ type: "approval_accepted" }, { decision: "approved" }],
  [{ type: "approval_declined" }, { decision: "declined" }],
  [{ type: "intent_recorded" }, { decision: "intent" }],
  [{ type: "call_replayed", content: null }, { result_status: "replayed" }],
  [
    { type: "call_conflicted", reason: "key_in_flight" },
    { result_status: "conflict", reason: "key_in_flight" },
  ],
  [
    { type: "tool_succeeded", content: null, recovered: false },
    { result_status: "ok", reason: null },
  ],
  [
    { type: "tool_succeeded", content: null, recovered: true },
    { result_status: "ok", reason: "recovered_from_ledger" },
  ],
  [
    { type: "tool_errored", message: "boom" },
    { result_status: "error", reason: "tool_error" },
  ],
  [
    { type: "retry_scheduled", retry_at: 5, message: "busy" },
    { result_status: "transient", reason: "busy" },
  ],
  [
    { type: "retries_exhausted", message: "m" },
    { result_status: "failed", reason: "retries_exhausted" },
  ],
  [
    { type: "tool_uncertain", reason: "timeout", message: "m" },
    { result_status: "uncertain", reason: "timeout" },
  ],
  [
    { type: "tool_reconciled", operator: "alice", note: "n" },
    { decision: "confirmed", result_status: "reconciled", reason: "operator:alice" },
  ],
  [
    { type: "messages_trimmed", kept: 4 },
    { decision: "trim", reason: "kept:4" },
  ],
];

describe("verdictOf", () => {
  it.each(cases.map(([fact, verdict]) => [fact.type, fact, verdict] as const))("words %s", (_type, fact, verdict) => {
    expect(verdictOf(fact)).toStrictEqual(verdict);
  });

  it("words a validated batch call by call, with the rejected calls' codes as the reason", () => {
    expect(
      verdictOf({
        type: "batch_validated",
        entries: [
          { call_id: "c1", call },
          { call_id: "c2", rejection },
        ],
      }),
    ).toStrictEqual({ decision: "c1=valid,c2=reject", reason: "c2=unknown_tool" });
    expect(verdictOf({ type: "batch_validated", entries: [{ call_id: "c1", call }] })).toStrictEqual({
      decision: "c1=valid",
      reason: null,
    });
  });

  it("words a batch fact as each call's verdict, leaving out absent parts and ledger recoveries", () => {
    expect(
      verdictOf({
        type: "batch_policy_decided",
        results: [
          { call_id: "c1", fact: { type: "policy_allowed" } },
          { call_id: "c2", fact: { type: "policy_denied", reason: "always_deny" } },
        ],
      }),
    ).toStrictEqual({ decision: "c1=allow,c2=deny", reason: "c2=always_deny" });
    expect(
      verdictOf({
        type: "batch_calls_settled",
        results: [
          { call_id: "c1", fact: { type: "tool_succeeded", content: null, recovered: true } },
          { call_id: "c2", fact: { type: "tool_errored", message: "m" } },
        ],
      }),
    ).toStrictEqual({ result_status: "c1=ok,c2=error", reason: "c2=tool_error" });
    expect(
      verdictOf({
        type: "batch_intents_recorded",
        results: [{ call_id: "c1", fact: { type: "call_replayed", content: null } }],
      }),
    ).toStrictEqual({ result_status: "c1=replayed", reason: null });
  });
});
