/** The decisions before and around a tool call that `decisions.test.ts` leaves out: limits, planner output, policy, batches. */
import { describe, expect, it } from "vitest";
import {
  createFixtureRegistry,
  createFixtureWorld,
  finalAnswer,
  toolCall,
  toolCalls,
} from "../handwritten/fixtures/index.js";
import {
  factBeforePlanning,
  factForBatchBegin,
  factForBatchOutcomes,
  factForBatchPolicy,
  factForBegin,
  factForOutcome,
  factForPlannerOutput,
  factForPolicy,
  factForReconcile,
  factForTrim,
} from "./decisions.js";
import { applyFact, applyFacts, startRun } from "./facts.js";
import { createIdSource } from "./ids.js";
import {
  DEFAULT_LIMITS,
  isTerminal,
  isWaiting,
  messagesOf,
  type AgentState,
  type Intent,
  type StateOf,
} from "./state.js";

const registry = createFixtureRegistry(createFixtureWorld());
const ids = createIdSource("planning");
const env = { at: 1_000, ids };
const ready = startRun("s", "goal", env).state as StateOf<"ready">;

function as<S extends AgentState["status"]>(state: AgentState, status: S): StateOf<S> {
  if (state.status !== status) throw new Error(`expected ${status}, got ${state.status}`);
  return state as StateOf<S>;
}
const planned = (raw: string) => as(applyFact(ready, { type: "planner_responded", raw }, env).state, "planned");
const READ = { table: "sales", limit: 2 };
const SAVE = { name: "n", content: "c" };

describe("factBeforePlanning", () => {
  it("ends the run at the step bound, then at the wall-time bound, and otherwise lets it plan", () => {
    expect(factBeforePlanning({ ...ready, step: 8 }, DEFAULT_LIMITS, 1_000)).toEqual({ type: "step_limit_reached" });
    expect(factBeforePlanning({ ...ready, step: 7 }, DEFAULT_LIMITS, 1_000)).toBeNull();
    expect(factBeforePlanning(ready, DEFAULT_LIMITS, 1_000 + 600_000)).toBeNull();
    expect(factBeforePlanning(ready, DEFAULT_LIMITS, 1_000 + 600_001)).toEqual({ type: "time_limit_reached" });
  });
});

describe("factForTrim", () => {
  it("trims only a ready state, and keeps at least one message", () => {
    const many = { ...ready, messages: [...messagesOf(ready), ...messagesOf(ready), ...messagesOf(ready)] };
    expect(factForTrim(many, 1)).toEqual({ type: "messages_trimmed", kept: 1 });
    expect(factForTrim(many, 3)).toBeNull();
    expect(factForTrim(planned("x"), 0)).toBeNull();
  });
});

describe("factForPlannerOutput", () => {
  it("reads a final answer, one call, several calls, and rejects what does not validate", () => {
    expect(factForPlannerOutput(registry, planned(finalAnswer("all done")))).toEqual({
      type: "run_completed",
      text: "all done",
    });
    expect(factForPlannerOutput(registry, planned(toolCall("read_table", READ)))).toMatchObject({
      type: "call_validated",
      call: { tool: "read_table", risk: "read_only", args: READ, requested_key: null },
    });
    const batch = factForPlannerOutput(
      registry,
      planned(
        toolCalls([
          { id: "a", tool: "read_table", args: READ },
          { id: "b", tool: "nope", args: {} },
        ]),
      ),
    );
    expect(batch).toMatchObject({
      type: "batch_validated",
      entries: [
        { call_id: "a", call: { tool: "read_table" } },
        { call_id: "b", rejection: { code: "unknown_tool" } },
      ],
    });
    expect(factForPlannerOutput(registry, planned("not json"))).toMatchObject({
      type: "call_rejected",
      rejection: { code: "malformed_json" },
    });
  });

  it("never lets redacted output call a tool", () => {
    const raw = toolCall("save_artifact", { name: "n", content: "mail bob@example.com" });
    expect(factForPlannerOutput(registry, planned(raw))).toMatchObject({ type: "call_rejected" });
  });
});

describe("policy facts", () => {
  const validated = (raw: string) =>
    as(applyFact(planned(raw), factForPlannerOutput(registry, planned(raw)), env).state, "validated");

  it("allows a read, asks for approval of a high-risk write, denies an always-deny tool", () => {
    expect(factForPolicy(validated(toolCall("read_table", READ)))).toEqual({ type: "policy_allowed" });
    expect(factForPolicy(validated(toolCall("publish_report", { artifact: "art_a", audience: "team" })))).toEqual({
      type: "approval_requested",
    });
    expect(factForPolicy(validated(toolCall("run_shell", { command: "ls" })))).toMatchObject({
      type: "policy_denied",
    });
  });

  it("decides a batch call by call, and refuses a key an earlier call of the turn holds", () => {
    const raw = toolCalls([
      { id: "a", tool: "save_artifact", args: SAVE, idempotencyKey: "k-1" },
      { id: "b", tool: "save_artifact", args: SAVE, idempotencyKey: "k-1" },
      { id: "c", tool: "save_artifact", args: { ...SAVE, content: "other" }, idempotencyKey: "k-1" },
      { id: "d", tool: "read_table", args: READ },
      { id: "e", tool: "nope", args: {} },
    ]);
    const batch = as(applyFact(planned(raw), factForPlannerOutput(registry, planned(raw)), env).state, "batch");
    expect(factForBatchPolicy(batch)).toEqual({
      type: "batch_policy_decided",
      results: [
        { call_id: "a", fact: { type: "policy_allowed" } },
        { call_id: "b", fact: { type: "call_conflicted", reason: "key_in_flight" } },
        { call_id: "c", fact: { type: "call_conflicted", reason: "key_reused_with_other_arguments" } },
        { call_id: "d", fact: { type: "policy_allowed" } },
      ],
    });
    const decided = as(applyFact(batch, factForBatchPolicy(batch), env).state, "batch");
    expect(factForBatchPolicy(decided)).toEqual({ type: "batch_policy_decided", results: [] });
  });
});

describe("batch dispatch and outcomes", () => {
  const raw = toolCalls([
    { id: "a", tool: "read_table", args: READ },
    { id: "b", tool: "save_artifact", args: SAVE },
  ]);
  // Built in the test: broken file-level setup would stop the whole file from loading instead.
  const decided = () => {
    const batch = as(applyFact(planned(raw), factForPlannerOutput(registry, planned(raw)), env).state, "batch");
    return applyFacts(batch, [factForBatchPolicy(batch)], env).state;
  };

  it("turns the ledger's answers into one fact, call by call", () => {
    expect(
      factForBatchBegin([
        { call_id: "a", decision: { kind: "execute" }, replay: null },
        { call_id: "b", decision: { kind: "replay", output: { x: 1 } }, replay: { shown: 1 } },
      ]),
    ).toEqual({
      type: "batch_intents_recorded",
      results: [
        { call_id: "a", fact: { type: "intent_recorded" } },
        { call_id: "b", fact: { type: "call_replayed", content: { shown: 1 } } },
      ],
    });
  });

  it("settles only the calls that were dispatched and have an outcome, in call order", () => {
    const dispatched = as(
      applyFact(decided(), factForBatchBegin([{ call_id: "a", decision: { kind: "execute" }, replay: null }]), env)
        .state,
      "batch",
    );
    const settled = factForBatchOutcomes(
      dispatched,
      [
        { call_id: "b", outcome: { kind: "succeeded", content: 2, recovered: false } },
        { call_id: "a", outcome: { kind: "transient", message: "busy" } },
      ],
      DEFAULT_LIMITS,
      5_000,
    );
    expect(settled).toEqual({
      type: "batch_calls_settled",
      results: [{ call_id: "a", fact: { type: "retry_scheduled", retry_at: 5_100, message: "busy" } }],
    });
  });

  it("leaves a dispatched call that has no outcome yet running", () => {
    const execute = { decision: { kind: "execute" as const }, replay: null };
    const both = factForBatchBegin([
      { call_id: "a", ...execute },
      { call_id: "b", ...execute },
    ]);
    const dispatched = as(applyFact(decided(), both, env).state, "batch");
    const outcomes = [{ call_id: "b", outcome: { kind: "failed" as const, message: "no" } }];
    expect(factForBatchOutcomes(dispatched, outcomes, DEFAULT_LIMITS, 5_000)).toEqual({
      type: "batch_calls_settled",
      results: [{ call_id: "b", fact: { type: "tool_errored", message: "no" } }],
    });
  });
});

describe("factForBegin, factForOutcome and factForReconcile, word for word", () => {
  const intent: Intent = {
    key: "k",
    tool: "t",
    risk: "read_only",
    args: {},
    args_digest: "d",
    step: 1,
    attempt: 3,
    retry_at: null,
  };

  it("words the ledger's answers", () => {
    expect(factForBegin({ kind: "execute" }, () => null)).toEqual({ type: "intent_recorded" });
    expect(factForBegin({ kind: "uncertain" }, () => null)).toEqual({
      type: "tool_uncertain",
      reason: "ledger_uncertain",
      message: "the ledger holds an uncertain outcome for this key",
    });
  });

  it("words each outcome, and the last transient failure with the number of retries", () => {
    expect(factForOutcome({ kind: "succeeded", content: 1, recovered: true }, intent, DEFAULT_LIMITS, 0)).toEqual({
      type: "tool_succeeded",
      content: 1,
      recovered: true,
    });
    expect(factForOutcome({ kind: "failed", message: "boom" }, intent, DEFAULT_LIMITS, 0)).toEqual({
      type: "tool_errored",
      message: "boom",
    });
    expect(factForOutcome({ kind: "transient", message: "busy" }, intent, DEFAULT_LIMITS, 0)).toEqual({
      type: "retries_exhausted",
      message: "busy (after 3 retries)",
    });
  });

  it("words why a reconcile is refused, and keeps the note", () => {
    expect(factForReconcile(ready, { outcome: "confirmed", operator: "ann" })).toEqual({
      error: "nothing to reconcile in status ready",
    });
    const waiting = { ...ready, status: "reconcile_required" } as unknown as AgentState;
    expect(factForReconcile(waiting, { outcome: "other" as "confirmed", operator: "ann" })).toEqual({
      error: "unknown reconcile outcome other",
    });
    expect(factForReconcile(waiting, { outcome: "confirmed", operator: " " })).toEqual({
      error: "a reconcile needs a named operator",
    });
    expect(factForReconcile(waiting, { outcome: "confirmed", operator: "ann", note: "seen" })).toEqual({
      type: "tool_reconciled",
      operator: "ann",
      note: "seen",
    });
  });
});

describe("isTerminal and isWaiting", () => {
  it("names the statuses a run cannot leave by itself, and those that wait for a person", () => {
    const statuses = ["ready", "done", "failed", "step_limit", "approval_required", "reconcile_required"] as const;
    const of = (status: string) => ({ ...ready, status }) as unknown as AgentState;
    expect(statuses.filter((s) => isTerminal(of(s)))).toEqual(["done", "failed", "step_limit"]);
    expect(statuses.filter((s) => isWaiting(of(s)))).toEqual(["approval_required", "reconcile_required"]);
  });
});
