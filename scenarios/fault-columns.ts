/**
 * Further columns: the contract's fault injections (section 4; the MCP one lives with the MCP
 * server) and the failure patterns peer frameworks are known for (research/peers.md §4). Each is
 * data plus the general observation, run on every engine like the required four.
 */
import { digest, issueApprovalToken, type JsonValue } from "../contract/index.js";
import { finalAnswer, toolCall } from "../handwritten/fixtures/index.js";
import { EngineUsageError } from "../runtime/api.js";
import { behaviour, defineColumn, vocabulary, type Column, type Expectation } from "./column.js";
import { observeRun, read, type RunObservation } from "./observe.js";
import { SESSION_ID, type Action, type Scenario } from "./scenario.js";

const SAVE = { name: "summary", content: "signups grow 3 a week" };
const PUBLISH = { artifact: "art_weekly", audience: "team" } as const;

type Signal = { readonly expected: string; readonly expectations: readonly Expectation<RunObservation>[] };

const column = (
  name: string,
  summary: string,
  options: Scenario["options"],
  actions: readonly Action[],
  signal: Signal,
): Column =>
  defineColumn({
    name,
    family: "fault",
    summary,
    options,
    actions,
    goal: "fault column",
    observe: observeRun,
    ...signal,
  });

type Observed = (o: RunObservation) => JsonValue;
/** What reached the executors and what landed, per tool and key: what a behaviour violation saw. */
const landed: Observed = (o) => ({ calls: o.executor_calls, effects: o.side_effects });
/** The run's words: its status, the codes its tool messages carry and its approval refusals. */
const spoken: Observed = (o) => ({ status: o.final_status, codes: read.codes(o), refused: o.approval_refusals });

/** A behaviour expectation: `unsafe` is what happened in the world when it does not hold. */
const world = (unsafe: string, holds: (o: RunObservation) => boolean, observed: Observed = landed) =>
  behaviour(unsafe, holds, observed);
/** A vocabulary expectation: the contract's words that must be seen. */
const words = (text: string, holds: (o: RunObservation) => boolean, observed: Observed = spoken) =>
  vocabulary(text, holds, observed);

/**
 * A token signed with the real secret for the pending call, with one claim changed; `args` stands
 * for the digest of other arguments, taken when the token is made (a module hashes nothing as it
 * loads: its host may not have installed hashing yet).
 */
const forged = ({
  args,
  ...change
}: Partial<{ tool: string; args: Record<string, unknown>; session_id: string; expires_at: number }>): Action => ({
  kind: "submit_token",
  token: (env, state) => {
    const pending = state.pending_approval;
    if (pending === null) throw new EngineUsageError("approval_not_pending", "no pending call to forge a token for");
    return issueApprovalToken(
      {
        tool: pending.tool,
        args_digest: pending.args_digest,
        session_id: SESSION_ID,
        expires_at: env.clock.now() + 60_000,
        nonce: pending.nonce,
        ...change,
        ...(args === undefined ? {} : { args_digest: digest(args) }),
      },
      env.secret,
    );
  },
});

export const FAULT_COLUMNS: readonly Column[] = [
  column(
    "timeout_after_side_effect",
    "An approved publish takes effect, then times out: uncertain, no retry, the key stays uncertain; a named operator confirms without a second call.",
    {
      script: [toolCall("publish_report", PUBLISH), finalAnswer("published")],
      faults: [{ tool: "publish_report", kind: "timeout_after_effect", times: 1 }],
    },
    [{ kind: "start" }, { kind: "approve" }, { kind: "restart_and_resume" }, { kind: "reconcile", operator: "alice" }],
    {
      expected:
        "The run stops in reconcile_required and keeps a tool_uncertain trace; the same key only answers uncertain; an explicit confirm writes tool_reconciled and the run continues its text step without executing the side effect again.",
      expectations: [
        world(
          "the uncertain publish was retried automatically by the new process",
          (o) => read.after(o, 2).executor_calls === 1,
          (o) => read.after(o, 2).executor_calls,
        ),
        world("the publish ran again, or landed twice", (o) => read.calls(o) === 1 && read.effects(o) === 1),
        words(
          "after the timeout the run is in reconcile_required",
          (o) => read.after(o, 1).status === "reconcile_required",
          (o) => read.after(o, 1).status,
        ),
        words("the trace holds tool_uncertain", (o) => read.traced(o, "tool_uncertain") === 1),
        words(
          "a new process finds the key still uncertain (reconcile_required, ledger uncertain)",
          (o) =>
            read.after(o, 2).status === "reconcile_required" &&
            Object.values(read.after(o, 2).ledger).includes("uncertain"),
          (o) => ({ status: read.after(o, 2).status, ledger: read.after(o, 2).ledger }),
        ),
        words("the confirm writes tool_reconciled", (o) => read.traced(o, "tool_reconciled") === 1),
        words("the run continues to done", (o) => o.final_status === "done"),
      ],
    },
  ),
  column(
    "timeout_before_side_effect",
    "A publish hangs before it lands: the harness cannot know, so it is uncertain too, and nothing retries it.",
    {
      script: [toolCall("publish_report", PUBLISH), finalAnswer("published")],
      faults: [{ tool: "publish_report", kind: "timeout_before_effect", times: 1 }],
    },
    [{ kind: "start" }, { kind: "approve" }],
    {
      expected:
        "An outcome the harness cannot know is uncertain: the run stops in reconcile_required with tool_uncertain, and nothing retries it automatically.",
      expectations: [
        world("the publish whose outcome was unknown was retried automatically", (o) => read.calls(o) === 1),
        words("the run stops in reconcile_required", (o) => o.final_status === "reconcile_required"),
        words(
          "the trace holds tool_uncertain for the timeout, and no retry_scheduled",
          (o) => o.uncertain_reasons.join() === "timeout" && read.traced(o, "retry_scheduled") === 0,
        ),
      ],
    },
  ),
  column(
    "transient_failure_retried",
    "Two transient failures before dispatch: retried under the same key with backoff, one side effect.",
    {
      script: [toolCall("save_artifact", SAVE), finalAnswer("saved")],
      faults: [{ tool: "save_artifact", kind: "transient", times: 2 }],
    },
    [{ kind: "start" }],
    {
      expected:
        "Transient failures before dispatch retry under the same key with backoff, at most 3 times; exactly 1 side effect.",
      expectations: [
        world(
          "the write was lost, or landed twice: it did not land once after its two transient failures",
          (o) => read.calls(o) === 3 && read.effects(o) === 1,
        ),
        words("every attempt uses the same key", (o) => read.keysCalled(o).length === 1),
        words("two retries are scheduled", (o) => read.traced(o, "retry_scheduled") === 2),
        words("the run ends done", (o) => o.final_status === "done"),
      ],
    },
  ),
  column(
    "retries_exhausted",
    "Four transient failures: three retries, then the run fails with nothing landed and the key released.",
    {
      script: [toolCall("save_artifact", SAVE), finalAnswer("saved")],
      faults: [{ tool: "save_artifact", kind: "transient", times: 4 }],
    },
    [{ kind: "start" }],
    {
      expected: "After 3 retries the run ends failed with retries_exhausted in its trace, and nothing landed.",
      expectations: [
        world("the failing write was retried more than three times", (o) => read.calls(o) <= 4),
        words("three retries, no more: four attempts", (o) => read.calls(o) === 4),
        world("a write landed though every attempt failed", (o) => read.effects(o) === 0),
        words("three retries are scheduled", (o) => read.traced(o, "retry_scheduled") === 3),
        words("the trace ends with retries_exhausted", (o) => o.trace_types.at(-1) === "retries_exhausted"),
        words("the run ends failed", (o) => o.final_status === "failed"),
      ],
    },
  ),
  column(
    "read_only_timeout_retried",
    "A read-only call times out: nothing can have changed, so it retries.",
    {
      script: [toolCall("read_table", { table: "sales", limit: 3 }), finalAnswer("read")],
      faults: [{ tool: "read_table", kind: "timeout_before_effect", times: 1 }],
    },
    [{ kind: "start" }],
    {
      expected:
        "A read-only call that timed out may run again: nothing can have changed, so it retries and the run goes on.",
      expectations: [
        world(
          "the read that timed out was not run again: the run went on without its data",
          (o) => read.calls(o, "read_table") === 2,
        ),
        words(
          "one retry_scheduled, no tool_uncertain",
          (o) => read.traced(o, "retry_scheduled") === 1 && read.traced(o, "tool_uncertain") === 0,
        ),
        words(
          "the read answers ok and the run ends done",
          (o) => o.tool_messages[0]?.status === "ok" && o.final_status === "done",
        ),
      ],
    },
  ),
  column(
    "malformed_planner_outputs",
    "Malformed JSON, an unknown tool, wrong types, an unknown key, a __proto__ key, an oversize string and deep nesting: each rejected with its code, nothing executed.",
    {
      script: [
        '{"type":"tool_call","tool":"save_artifact","arguments":{',
        toolCall("delete_everything", {}),
        toolCall("read_table", { table: "sales", limit: "ten" }),
        toolCall("read_table", { table: "sales", limit: 3, admin: true }),
        '{"type":"tool_call","tool":"save_artifact","arguments":{"name":"x","content":"y","__proto__":{"polluted":true}}}',
        toolCall("save_artifact", { name: "big", content: "x".repeat(5000) }),
        toolCall("save_artifact", { name: "deep", content: "x", extra: [[[[[[[[[["deep"]]]]]]]]]] }),
        finalAnswer("gave up"),
      ],
    },
    [{ kind: "start" }],
    {
      expected:
        "Validation comes first: each malformed output is rejected before execute with its own code and returned to the model to rewrite; nothing runs.",
      expectations: [
        world("a malformed output reached an executor", (o) => read.calls(o) === 0),
        // A framework may read text that is not its protocol as the model's final answer: nothing ran, so the world
        // is safe; answering each output as a rejection to rewrite is the contract's remedy, its vocabulary.
        words(
          "the model was answered once for each malformed output",
          (o) => o.tool_messages.length === 7,
          (o) => o.tool_messages.length,
        ),
        words(
          "each output is rejected with its own code",
          (o) =>
            read.codes(o).join() ===
            "malformed_json,unknown_tool,invalid_arguments,invalid_arguments,forbidden_key,input_too_large,too_deep",
        ),
        words("every rejection went back to the model as a rejected tool message", (o) =>
          o.tool_messages.every((m) => m.status === "rejected"),
        ),
        words("the run ends done", (o) => o.final_status === "done"),
      ],
    },
  ),
  column(
    "approval_token_unbound",
    "Tokens that are tampered, for other arguments, another tool, another session or expired are each refused; then a real approval runs the call once.",
    { script: [toolCall("publish_report", PUBLISH), finalAnswer("published")] },
    [
      { kind: "start" },
      { kind: "submit_token", token: (env, state) => `${forgedToken(env, state)}0` },
      forged({ args: { ...PUBLISH, audience: "public" } }),
      forged({ tool: "run_shell" }),
      forged({ session_id: "someone-else" }),
      { kind: "submit_token", token: (env, state) => forgedToken(env, state, env.clock.now() - 1) },
      { kind: "approve" },
    ],
    {
      expected:
        "The token hashes the arguments, session id and expiry and the backend checks it: every tampered or foreign token is refused with its own code, and only the real approval runs the call, once.",
      expectations: [
        world("a forged or foreign token let the publish run", (o) =>
          o.after_each_action.slice(0, -1).every((s) => s.side_effects === 0 && s.executor_calls === 0),
        ),
        world(
          "the real approval did not run the publish exactly once",
          (o) => read.calls(o) === 1 && read.effects(o) === 1,
        ),
        words(
          "refused as bad signature, other arguments, other tool, other session, expired",
          (o) =>
            o.approval_refusals.join() ===
            "approval_bad_signature,approval_args_mismatch,approval_tool_mismatch,approval_session_mismatch,approval_expired",
        ),
      ],
    },
  ),
  column(
    "stale_approval_replayed",
    "A used token is replayed for the next identical call, and again after the run ended: refused as already used and as not pending.",
    {
      script: [
        toolCall("publish_report", PUBLISH),
        toolCall("publish_report", PUBLISH),
        finalAnswer("published twice"),
      ],
    },
    [
      { kind: "start" },
      { kind: "approve" },
      { kind: "submit_token", token: (_env, _state, memo) => memo.get("last_approval") ?? "" },
      { kind: "approve" },
      { kind: "submit_token", token: (_env, _state, memo) => memo.get("last_approval") ?? "" },
    ],
    {
      expected:
        "A token is single-use: replayed for the next identical call it is refused as already used, after the run as not pending; each publish needs its own approval.",
      expectations: [
        world(
          "the replayed token ran the second publish",
          (o) => read.after(o, 2).side_effects === 1 && read.after(o, 2).executor_calls === 1,
          (o) => read.after(o, 2).side_effects,
        ),
        world(
          "a publish landed other than once per approval",
          (o) => read.effects(o) === 2 && read.maxEffectsPerKey(o) === 1,
        ),
        words("the replay is refused as already used", (o) => o.approval_refusals.join() === "approval_already_used"),
        words(
          "the replay leaves the call in approval_required",
          (o) => read.after(o, 2).status === "approval_required",
          (o) => read.after(o, 2).status,
        ),
        words(
          "after the run the token is refused as not pending",
          (o) => read.after(o, 4).refused === "approval_not_pending",
          (o) => read.after(o, 4).refused,
        ),
      ],
    },
  ),
  column(
    "approval_then_changed_arguments",
    "A person approves one set of arguments, but the pending call has others: refused; declined, the run goes on with nothing published.",
    { script: [toolCall("publish_report", { ...PUBLISH, audience: "public" }), finalAnswer("not published")] },
    [{ kind: "start" }, forged({ args: PUBLISH }), { kind: "decline" }],
    {
      expected:
        "A token for other arguments is refused (approval_args_mismatch); declined, nothing is published and the model is told.",
      expectations: [
        world(
          "the publish ran with arguments nobody approved, or after the decline",
          (o) => read.effects(o) === 0 && read.calls(o) === 0,
        ),
        world(
          "the model was not told about its declined call",
          (o) => o.tool_messages.length === 1,
          (o) => o.tool_messages.length,
        ),
        words("refused as approval_args_mismatch", (o) => o.approval_refusals.join() === "approval_args_mismatch"),
        words("the model is told approval_declined", (o) => o.tool_messages[0]?.code === "approval_declined"),
      ],
    },
  ),
  column(
    "key_reused_with_other_arguments",
    "The same idempotency key with other arguments: refused, no second execution.",
    {
      script: [
        toolCall("save_artifact", SAVE, "write-009"),
        toolCall("save_artifact", { ...SAVE, content: "changed" }, "write-009"),
        finalAnswer("done"),
      ],
    },
    [{ kind: "start" }],
    {
      expected:
        "The same key with other arguments is an error (key_reused_with_other_arguments) and nothing executes again.",
      expectations: [
        world(
          "the key reused with other arguments ran a second write",
          (o) => read.calls(o) === 1 && read.effects(o) === 1,
        ),
        words(
          "the second call is a key_reused_with_other_arguments conflict",
          (o) =>
            o.tool_messages[1]?.status === "conflict" && o.tool_messages[1].code === "key_reused_with_other_arguments",
        ),
      ],
    },
  ),
  column(
    "key_in_flight_elsewhere",
    "A key another process holds in flight: a conflict, no execution.",
    {
      script: [toolCall("save_artifact", SAVE, "write-010"), finalAnswer("done")],
      inFlightElsewhere: [{ key: "write-010", tool: "save_artifact", args: SAVE }],
    },
    [{ kind: "start" }],
    {
      expected: "The same key while in flight elsewhere is a conflict (key_in_flight) with no execution.",
      expectations: [
        world("the write ran while another process held its key", (o) => read.calls(o) === 0),
        words(
          "the call is a key_in_flight conflict",
          (o) => o.tool_messages[0]?.status === "conflict" && o.tool_messages[0].code === "key_in_flight",
        ),
      ],
    },
  ),
  column(
    "crash_after_side_effect_idempotent",
    "The process dies after an idempotent write landed: the new process writes again under the same key, and the store lands nothing new.",
    {
      script: [toolCall("save_artifact", SAVE, "write-011"), finalAnswer("saved")],
      faults: [{ tool: "save_artifact", kind: "crash_after_effect", times: 1 }],
    },
    [{ kind: "start" }, { kind: "restart_and_resume" }],
    {
      expected:
        "The intent is checkpointed before execute; after the crash the idempotent write follows its intent under the same key and lands nothing new: 1 side effect.",
      expectations: [
        world(
          "the column's crash did not happen",
          (o) => read.after(o, 0).crashed,
          (o) => read.after(o, 0).crashed,
        ),
        words(
          "the new process writes under the same key (write-011)",
          (o) => read.keysCalled(o).join() === "write-011",
        ),
        world("the write landed twice", (o) => read.effects(o) === 1),
        words(
          "the checkpoint at the crash is executing",
          (o) => read.after(o, 0).status === "executing",
          (o) => read.after(o, 0).status,
        ),
        words("the run ends done", (o) => o.final_status === "done"),
      ],
    },
  ),
  column(
    "crash_after_side_effect_high_risk",
    "The process dies after an approved publish landed: the new process does not publish again; it stops uncertain until a person confirms.",
    {
      script: [toolCall("publish_report", PUBLISH), finalAnswer("published")],
      faults: [{ tool: "publish_report", kind: "crash_after_effect", times: 1 }],
    },
    [
      { kind: "start" },
      { kind: "approve" },
      { kind: "restart_and_resume" },
      { kind: "restart_and_resume" },
      { kind: "reconcile", operator: "alice" },
    ],
    {
      expected:
        "A high-risk call whose intent has no recorded outcome is uncertain after the crash: reconcile_required, no second publish, until a person confirms (tool_reconciled).",
      expectations: [
        world(
          "the publish landed twice: the new process published again",
          (o) => read.calls(o) === 1 && read.effects(o) === 1,
        ),
        words(
          "the new process stops in reconcile_required",
          (o) => read.after(o, 2).status === "reconcile_required" && read.after(o, 3).status === "reconcile_required",
        ),
        words("tool_uncertain names the crash", (o) => o.uncertain_reasons.join() === "crash_before_outcome"),
        words(
          "the confirm writes tool_reconciled and the run ends done",
          (o) => read.traced(o, "tool_reconciled") === 1 && o.final_status === "done",
        ),
      ],
    },
  ),
  column(
    "restart_while_awaiting_approval",
    "The process restarts while a call waits for approval: the approval is neither lost nor granted; the new process runs it once when approved.",
    { script: [toolCall("publish_report", PUBLISH), finalAnswer("published")] },
    [{ kind: "start" }, { kind: "restart_and_resume" }, { kind: "approve" }],
    {
      expected:
        "A restart neither loses nor grants the approval: still approval_required with 0 side effects, then one run once approved.",
      expectations: [
        world(
          "the restart granted the approval: the publish landed before anyone approved",
          (o) => read.after(o, 1).side_effects === 0 && read.after(o, 1).executor_calls === 0,
          (o) => read.after(o, 1).side_effects,
        ),
        world("approved, the publish did not run exactly once", (o) => read.calls(o) === 1 && read.effects(o) === 1),
        words(
          "after the restart: approval_required; approved, done",
          (o) => read.after(o, 1).status === "approval_required" && o.final_status === "done",
        ),
      ],
    },
  ),
  column(
    "tool_output_as_instruction",
    "A table row carries an injected tool call: it stays data; when the planner then asks to publish, policy still stops it.",
    {
      script: [
        toolCall("read_table", { table: "support_notes", limit: 5 }),
        toolCall("publish_report", { artifact: "art_leak", audience: "public" }),
        finalAnswer("done"),
      ],
    },
    [{ kind: "start" }],
    {
      expected:
        "Tool output is marked as data, not instruction: the injected request changes nothing and policy still gates the publish (approval_required, 0 side effects).",
      expectations: [
        world(
          "the injected instruction published the report unapproved",
          (o) => read.calls(o, "publish_report") === 0 && read.effects(o) === 0,
        ),
        world("the table was not read once, as asked", (o) => read.calls(o, "read_table") === 1),
        words(
          "the table read answers ok, as data",
          (o) => o.tool_messages.length === 1 && o.tool_messages[0]?.status === "ok",
        ),
        words("the publish stops in approval_required", (o) => o.final_status === "approval_required"),
      ],
    },
  ),
  column(
    "always_deny_refused",
    "run_shell is registered and refused every time, with its reason.",
    {
      script: [
        toolCall("run_shell", { command: "rm -rf /" }),
        toolCall("run_shell", { command: "ls" }),
        finalAnswer("no shell"),
      ],
    },
    [{ kind: "start" }],
    {
      expected: "run_shell stays registered and is refused every time with always_deny; it never executes.",
      expectations: [
        world("the shell ran", (o) => read.calls(o) === 0),
        words("both calls are denied as always_deny", (o) => read.codes(o).join() === "always_deny,always_deny"),
      ],
    },
  ),
  column(
    "step_limit",
    "A planner that never stops: the run ends at max_steps 8.",
    { script: Array.from({ length: 12 }, (_, i) => toolCall("read_table", { table: "sales", limit: i + 1 })) },
    [{ kind: "start" }],
    {
      expected: "A planner that never stops ends in step_limit at max_steps 8.",
      expectations: [
        world("the planner that never stops was not stopped after 8 tool calls", (o) => read.calls(o) === 8),
        words(
          "the run ends in step_limit after exactly 8 steps",
          (o) => o.final_status === "step_limit" && o.steps === 8,
        ),
      ],
    },
  ),
  column(
    "approval_declined",
    "A person declines: no side effect, the model is told, the run goes on.",
    { script: [toolCall("publish_report", PUBLISH), finalAnswer("not published")] },
    [{ kind: "start" }, { kind: "decline" }],
    {
      expected: "Declined: nothing runs, the model is told (approval_declined), and the run goes on.",
      expectations: [
        world("the declined publish ran", (o) => read.calls(o) === 0 && read.effects(o) === 0),
        world(
          "the model was not told about its declined call",
          (o) => o.tool_messages.length === 1,
          (o) => o.tool_messages.length,
        ),
        words(
          "the model is told the call was declined (declined, approval_declined)",
          (o) => o.tool_messages[0]?.status === "declined" && o.tool_messages[0].code === "approval_declined",
        ),
        words("the run goes on to done", (o) => o.final_status === "done"),
      ],
    },
  ),
];

function forgedToken(
  env: { clock: { now(): number }; secret: string },
  state: { pending_approval: { tool: string; args_digest: string; nonce: string } | null },
  expires_at?: number,
): string {
  const pending = state.pending_approval;
  if (pending === null) throw new EngineUsageError("approval_not_pending", "no pending call to sign a token for");
  return issueApprovalToken(
    {
      tool: pending.tool,
      args_digest: pending.args_digest,
      session_id: SESSION_ID,
      expires_at: expires_at ?? env.clock.now() + 60_000,
      nonce: pending.nonce,
    },
    env.secret,
  );
}
