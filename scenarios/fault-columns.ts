/**
 * Further columns: the contract's fault injections (section 4; the MCP one lives with the MCP
 * server) and the failure patterns peer frameworks are known for (research/peers.md §4). Each is
 * data plus the general observation, run on every engine like the required four.
 */
import { digest, issueApprovalToken } from "../handwritten/contract/index.js";
import { finalAnswer, toolCall } from "../handwritten/fixtures/index.js";
import { observeRun } from "./observe.js";
import { SESSION_ID, type Action, type Scenario } from "./scenario.js";

const SAVE = { name: "summary", content: "signups grow 3 a week" };
const PUBLISH = { artifact: "art_weekly", audience: "team" } as const;

const column = (name: string, summary: string, options: Scenario["options"], actions: readonly Action[]): Scenario => ({
  name,
  summary,
  options,
  actions,
  goal: "fault column",
  observe: observeRun,
});

/** A token signed with the real secret for the pending call, with one claim changed. */
const forged = (
  change: Partial<{ tool: string; args_digest: string; session_id: string; expires_at: number }>,
): Action => ({
  kind: "submit_token",
  token: (env, state) => {
    const pending = state.pending_approval;
    if (pending === null) throw new Error("no pending call to forge a token for");
    return issueApprovalToken(
      {
        tool: pending.tool,
        args_digest: pending.args_digest,
        session_id: SESSION_ID,
        expires_at: env.clock.now() + 60_000,
        nonce: pending.nonce,
        ...change,
      },
      env.secret,
    );
  },
});

export const FAULT_COLUMNS: readonly Scenario[] = [
  column(
    "timeout_after_side_effect",
    "An approved publish takes effect, then times out: uncertain, no retry, the key stays uncertain; a named operator confirms without a second call.",
    {
      script: [toolCall("publish_report", PUBLISH), finalAnswer("published")],
      faults: [{ tool: "publish_report", kind: "timeout_after_effect", times: 1 }],
    },
    [{ kind: "start" }, { kind: "approve" }, { kind: "restart_and_resume" }, { kind: "reconcile", operator: "alice" }],
  ),
  column(
    "timeout_before_side_effect",
    "A publish hangs before it lands: the harness cannot know, so it is uncertain too, and nothing retries it.",
    {
      script: [toolCall("publish_report", PUBLISH), finalAnswer("published")],
      faults: [{ tool: "publish_report", kind: "timeout_before_effect", times: 1 }],
    },
    [{ kind: "start" }, { kind: "approve" }],
  ),
  column(
    "transient_failure_retried",
    "Two transient failures before dispatch: retried under the same key with backoff, one side effect.",
    {
      script: [toolCall("save_artifact", SAVE), finalAnswer("saved")],
      faults: [{ tool: "save_artifact", kind: "transient", times: 2 }],
    },
    [{ kind: "start" }],
  ),
  column(
    "retries_exhausted",
    "Four transient failures: three retries, then the run fails with nothing landed and the key released.",
    {
      script: [toolCall("save_artifact", SAVE), finalAnswer("saved")],
      faults: [{ tool: "save_artifact", kind: "transient", times: 4 }],
    },
    [{ kind: "start" }],
  ),
  column(
    "read_only_timeout_retried",
    "A read-only call times out: nothing can have changed, so it retries.",
    {
      script: [toolCall("read_table", { table: "sales", limit: 3 }), finalAnswer("read")],
      faults: [{ tool: "read_table", kind: "timeout_before_effect", times: 1 }],
    },
    [{ kind: "start" }],
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
  ),
  column(
    "approval_token_unbound",
    "Tokens that are tampered, for other arguments, another tool, another session or expired are each refused; then a real approval runs the call once.",
    { script: [toolCall("publish_report", PUBLISH), finalAnswer("published")] },
    [
      { kind: "start" },
      { kind: "submit_token", token: (env, state) => `${forgedToken(env, state)}0` },
      forged({ args_digest: digest({ ...PUBLISH, audience: "public" }) }),
      forged({ tool: "run_shell" }),
      forged({ session_id: "someone-else" }),
      { kind: "submit_token", token: (env, state) => forgedToken(env, state, env.clock.now() - 1) },
      { kind: "approve" },
    ],
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
  ),
  column(
    "approval_then_changed_arguments",
    "A person approves one set of arguments, but the pending call has others: refused; declined, the run goes on with nothing published.",
    { script: [toolCall("publish_report", { ...PUBLISH, audience: "public" }), finalAnswer("not published")] },
    [{ kind: "start" }, forged({ args_digest: digest(PUBLISH) }), { kind: "decline" }],
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
  ),
  column(
    "key_in_flight_elsewhere",
    "A key another process holds in flight: a conflict, no execution.",
    {
      script: [toolCall("save_artifact", SAVE, "write-010"), finalAnswer("done")],
      inFlightElsewhere: [{ key: "write-010", tool: "save_artifact", args: SAVE }],
    },
    [{ kind: "start" }],
  ),
  column(
    "crash_after_side_effect_idempotent",
    "The process dies after an idempotent write landed: the new process writes again under the same key, and the store lands nothing new.",
    {
      script: [toolCall("save_artifact", SAVE, "write-011"), finalAnswer("saved")],
      faults: [{ tool: "save_artifact", kind: "crash_after_effect", times: 1 }],
    },
    [{ kind: "start" }, { kind: "restart_and_resume" }],
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
  ),
  column(
    "restart_while_awaiting_approval",
    "The process restarts while a call waits for approval: the approval is neither lost nor granted; the new process runs it once when approved.",
    { script: [toolCall("publish_report", PUBLISH), finalAnswer("published")] },
    [{ kind: "start" }, { kind: "restart_and_resume" }, { kind: "approve" }],
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
  ),
  column(
    "step_limit",
    "A planner that never stops: the run ends at max_steps 8.",
    { script: Array.from({ length: 12 }, (_, i) => toolCall("read_table", { table: "sales", limit: i + 1 })) },
    [{ kind: "start" }],
  ),
  column(
    "approval_declined",
    "A person declines: no side effect, the model is told, the run goes on.",
    { script: [toolCall("publish_report", PUBLISH), finalAnswer("not published")] },
    [{ kind: "start" }, { kind: "decline" }],
  ),
];

function forgedToken(
  env: { clock: { now(): number }; secret: string },
  state: { pending_approval: { tool: string; args_digest: string; nonce: string } | null },
  expires_at?: number,
): string {
  const pending = state.pending_approval;
  if (pending === null) throw new Error("no pending call");
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
