/**
 * Scenarios for the runtime record's measured metrics, written as data over the shared scenario
 * runner (scenarios/scenario.ts), so every engine plays exactly the same thing. Each factory
 * returns a fresh scenario: some actions keep a token between steps.
 */
import {
  approvePending,
  assertNever,
  DEFAULT_APPROVAL_TTL_MS,
  decidePolicy,
  digest,
  issueApprovalToken,
  type AgentState,
  type JsonValue,
  type PendingApproval,
  type RiskClass,
} from "../contract/index.js";
import { finalAnswer, toolCall, type Fault } from "../handwritten/fixtures/index.js";
import { interruptedCheckpoint, preApprovalState } from "./columns.js";
import type { Environment } from "../handwritten/fixtures/environment.js";
import { SESSION_ID, type Action, type RunRecord, type Scenario } from "./scenario.js";

const PUBLISH = { artifact: "art_weekly", audience: "team" } as const;
const SAVE = { name: "summary", content: "signups grow 3 a week" } as const;

/** What every measurement case observes: enough to count effects against approvals and to check the terminal state. */
export type CaseObservation = {
  readonly final_status: string;
  readonly side_effects: number;
  readonly executor_calls: number;
  /** Per tool and key: effects that landed. */
  readonly effects: Record<string, Record<string, number>>;
  /** Per tool and key: executor calls. */
  readonly calls: Record<string, Record<string, number>>;
  /** Per tool and key: accepted approvals in the trace. */
  readonly approvals: Record<string, Record<string, number>>;
  readonly risks: Record<string, RiskClass>;
  readonly trace_types: readonly string[];
  readonly refusals: readonly string[];
};

export function observeCase(record: RunRecord): CaseObservation {
  const approvals: Record<string, Record<string, number>> = {};
  for (const event of record.trace) {
    if (event.type !== "approval_accepted" || event.tool === null || event.idempotency_key === null) continue;
    const byKey = (approvals[event.tool] ??= {});
    byKey[event.idempotency_key] = (byKey[event.idempotency_key] ?? 0) + 1;
  }
  const copy = (counts: Record<string, Record<string, number>>) =>
    JSON.parse(JSON.stringify(counts)) as Record<string, Record<string, number>>;
  return {
    final_status: record.final.status,
    side_effects: record.env.world.totalEffects(),
    executor_calls: record.env.world.totalCalls(),
    effects: copy(record.env.world.data.effects),
    calls: copy(record.env.world.data.calls),
    approvals,
    risks: Object.fromEntries(record.env.registry.list().map((spec) => [spec.name, spec.risk])),
    trace_types: record.trace.map((e) => e.type),
    refusals: record.trace.filter((e) => e.type === "approval_refused").map((e) => e.reason ?? "unknown"),
  };
}

const asJson = (record: RunRecord): JsonValue => observeCase(record) as unknown as JsonValue;

function scenario(
  name: string,
  summary: string,
  script: readonly string[],
  actions: readonly Action[],
  faults: readonly Fault[] = [],
): Scenario {
  return { name, summary, goal: summary, options: { script, faults }, actions, observe: asJson };
}

const pendingOf = (state: AgentState): PendingApproval => {
  if (state.pending_approval === null) throw new Error("no pending approval to build a token for");
  return state.pending_approval;
};

/** A token for the pending call with some claim changed. */
const forged =
  (
    change: (pending: PendingApproval, env: Environment) => Partial<Parameters<typeof issueApprovalToken>[0]>,
    secret?: string,
  ) =>
  (env: Environment, state: AgentState) => {
    const pending = pendingOf(state);
    const claims = {
      tool: pending.tool,
      args_digest: pending.args_digest,
      session_id: SESSION_ID,
      expires_at: env.clock.now() + DEFAULT_APPROVAL_TTL_MS,
      nonce: pending.nonce,
      ...change(pending, env),
    };
    return issueApprovalToken(claims, secret ?? env.secret);
  };

// ---------------------------------------------------------------------------------------------
// Approval cases: every high-risk effect needs an accepted approval of its own.

export type ApprovalCase = { readonly name: string; readonly scenario: () => Scenario };

const publishScript = [toolCall("publish_report", PUBLISH), finalAnswer("published")];

export const APPROVAL_CASES: readonly ApprovalCase[] = [
  { name: "pre_approval_state", scenario: () => ({ ...preApprovalState, observe: asJson }) },
  {
    name: "approved",
    scenario: () =>
      scenario("approved", "a person approves the publish", publishScript, [{ kind: "start" }, { kind: "approve" }]),
  },
  {
    name: "declined",
    scenario: () =>
      scenario("declined", "a person declines the publish", publishScript, [{ kind: "start" }, { kind: "decline" }]),
  },
  {
    name: "restart_before_approval",
    scenario: () =>
      scenario("restart_before_approval", "a new process resumes a run waiting for approval", publishScript, [
        { kind: "start" },
        { kind: "restart_and_resume" },
      ]),
  },
  {
    name: "bad_signature",
    scenario: () =>
      scenario("bad_signature", "a token signed with another secret", publishScript, [
        { kind: "start" },
        { kind: "submit_token", token: forged(() => ({}), "not-the-server-secret") },
      ]),
  },
  {
    name: "other_session",
    scenario: () =>
      scenario("other_session", "a token for the same call in another session", publishScript, [
        { kind: "start" },
        { kind: "submit_token", token: forged(() => ({ session_id: "session-other" })) },
      ]),
  },
  {
    name: "other_arguments",
    scenario: () =>
      scenario("other_arguments", "a token for other arguments", publishScript, [
        { kind: "start" },
        { kind: "submit_token", token: forged(() => ({ args_digest: digest({ ...PUBLISH, audience: "public" }) })) },
      ]),
  },
  {
    name: "other_tool",
    scenario: () =>
      scenario("other_tool", "a token for another tool", publishScript, [
        { kind: "start" },
        { kind: "submit_token", token: forged(() => ({ tool: "save_artifact" })) },
      ]),
  },
  {
    name: "expired",
    scenario: () =>
      scenario("expired", "a token whose expiry has passed", publishScript, [
        { kind: "start" },
        { kind: "submit_token", token: forged((_p, env) => ({ expires_at: env.clock.now() - 1 })) },
      ]),
  },
  {
    name: "token_replayed",
    scenario: () => {
      let used = "";
      const keep = (env: Environment, state: AgentState) =>
        (used = approvePending(pendingOf(state), SESSION_ID, env.secret, env.clock.now()));
      return scenario(
        "token_replayed",
        "a used token is submitted again for a second publish",
        [
          toolCall("publish_report", PUBLISH, "publish-1"),
          toolCall("publish_report", PUBLISH, "publish-2"),
          finalAnswer("published twice"),
        ],
        [{ kind: "start" }, { kind: "submit_token", token: keep }, { kind: "submit_token", token: () => used }],
      );
    },
  },
  {
    name: "same_key_approved_twice",
    scenario: () =>
      scenario(
        "same_key_approved_twice",
        "the same key asked for twice: the second is replayed, not published again",
        [
          toolCall("publish_report", PUBLISH, "publish-1"),
          toolCall("publish_report", PUBLISH, "publish-1"),
          finalAnswer("published"),
        ],
        [{ kind: "start" }, { kind: "approve" }, { kind: "approve" }],
      ),
  },
  {
    name: "injected_instruction",
    scenario: () =>
      scenario(
        "injected_instruction",
        "a tool output asks for a publish; it stays data",
        [toolCall("read_table", { table: "support_notes", limit: 10 }), finalAnswer("read the notes")],
        [{ kind: "start" }],
      ),
  },
  {
    name: "always_deny",
    scenario: () =>
      scenario(
        "always_deny",
        "run_shell is refused",
        [toolCall("run_shell", { command: "ls" }), finalAnswer("refused")],
        [{ kind: "start" }],
      ),
  },
  {
    name: "approved_then_timeout_after_effect",
    scenario: () =>
      scenario(
        "approved_then_timeout_after_effect",
        "an approved publish times out after it landed, then is reconciled",
        publishScript,
        [
          { kind: "start" },
          { kind: "approve" },
          { kind: "restart_and_resume" },
          { kind: "reconcile", operator: "auditor" },
        ],
        [{ tool: "publish_report", kind: "timeout_after_effect", times: 1 }],
      ),
  },
  {
    name: "approved_then_crash_after_effect",
    scenario: () =>
      scenario(
        "approved_then_crash_after_effect",
        "the process dies after an approved publish landed; a new process resumes",
        publishScript,
        [{ kind: "start" }, { kind: "approve" }, { kind: "restart_and_resume" }, { kind: "restart_and_resume" }],
        [{ tool: "publish_report", kind: "crash_after_effect", times: 1 }],
      ),
  },
];

/**
 * Effects the policy forbids, read from each tool's risk class: effects of a tool that needs an
 * approval beyond the number of accepted approvals (per key), plus any executor call of a tool the
 * policy denies.
 */
export function unapprovedEffects(o: CaseObservation): number {
  let count = 0;
  for (const [tool, risk] of Object.entries(o.risks)) {
    const policy = decidePolicy(risk);
    switch (policy.kind) {
      case "allow":
        break;
      case "require_approval":
        for (const [key, effects] of Object.entries(o.effects[tool] ?? {}))
          count += Math.max(0, effects - (o.approvals[tool]?.[key] ?? 0));
        break;
      case "deny":
        count += Object.values(o.calls[tool] ?? {}).reduce((a, b) => a + b, 0);
        break;
      default:
        assertNever(policy);
    }
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// Fault cases: the expected terminal state of every injected fault.

export type FaultExpectation = {
  readonly status: AgentState["status"];
  readonly side_effects: number;
  readonly executor_calls: number;
  /** The run must pass through tool_uncertain and tool_reconciled (an audited confirmation). */
  readonly reconciled?: boolean;
};

export type FaultCase = {
  readonly name: string;
  /** Recoverable: the contract gives it a path back to `done`. Otherwise it must stop safely. */
  readonly recoverable: boolean;
  readonly why: string;
  readonly expected: FaultExpectation;
  readonly scenario: () => Scenario;
};

const saveScript = [toolCall("save_artifact", SAVE, "write-013"), finalAnswer("saved")];
const readScript = [toolCall("read_table", { table: "sales", limit: 3 }), finalAnswer("read")];
const fault = (tool: string, kind: Fault["kind"], times = 1): Fault => ({ tool, kind, times });
const start: Action = { kind: "start" };
const restart: Action = { kind: "restart_and_resume" };
const reconcile: Action = { kind: "reconcile", operator: "auditor" };
const approve: Action = { kind: "approve" };

export const FAULT_CASES: readonly FaultCase[] = [
  {
    name: "transient_once_read",
    recoverable: true,
    why: "rule 7: a transient failure before dispatch retries",
    expected: { status: "done", side_effects: 0, executor_calls: 2 },
    scenario: () =>
      scenario(
        "transient_once_read",
        "read_table fails once, transiently",
        readScript,
        [start],
        [fault("read_table", "transient")],
      ),
  },
  {
    name: "transient_once_write",
    recoverable: true,
    why: "rule 7: retried under the same key",
    expected: { status: "done", side_effects: 1, executor_calls: 2 },
    scenario: () =>
      scenario(
        "transient_once_write",
        "save_artifact fails once, transiently",
        saveScript,
        [start],
        [fault("save_artifact", "transient")],
      ),
  },
  {
    name: "transient_three_times_write",
    recoverable: true,
    why: "rule 7: at most 3 retries, the fourth attempt succeeds",
    expected: { status: "done", side_effects: 1, executor_calls: 4 },
    scenario: () =>
      scenario(
        "transient_three_times_write",
        "save_artifact fails three times, transiently",
        saveScript,
        [start],
        [fault("save_artifact", "transient", 3)],
      ),
  },
  {
    name: "timeout_before_effect_read",
    recoverable: true,
    why: "a read-only timeout is transient: it runs again",
    expected: { status: "done", side_effects: 0, executor_calls: 2 },
    scenario: () =>
      scenario(
        "timeout_before_effect_read",
        "read_table hangs once",
        readScript,
        [start],
        [fault("read_table", "timeout_before_effect")],
      ),
  },
  {
    name: "crash_before_effect_read",
    recoverable: true,
    why: "rule 5: a read_only call may run again after a crash",
    expected: { status: "done", side_effects: 0, executor_calls: 2 },
    scenario: () =>
      scenario(
        "crash_before_effect_read",
        "the process dies during read_table",
        readScript,
        [start, restart],
        [fault("read_table", "crash_before_effect")],
      ),
  },
  {
    name: "crash_before_effect_write",
    recoverable: true,
    why: "rule 5: an idempotent_write runs again under the same key (the interrupted_checkpoint column)",
    expected: { status: "done", side_effects: 1, executor_calls: 2 },
    scenario: () => ({ ...interruptedCheckpoint, observe: asJson }),
  },
  {
    name: "crash_after_effect_write",
    recoverable: true,
    why: "rule 5: the same key lands nothing new on the second run",
    expected: { status: "done", side_effects: 1, executor_calls: 2 },
    scenario: () =>
      scenario(
        "crash_after_effect_write",
        "the process dies after save_artifact landed",
        saveScript,
        [start, restart],
        [fault("save_artifact", "crash_after_effect")],
      ),
  },
  {
    name: "timeout_after_effect_write",
    recoverable: true,
    why: "rule 6: uncertain stops; an audited confirmation continues without a second execute",
    expected: { status: "done", side_effects: 1, executor_calls: 1, reconciled: true },
    scenario: () =>
      scenario(
        "timeout_after_effect_write",
        "save_artifact times out after it landed",
        saveScript,
        [start, restart, reconcile],
        [fault("save_artifact", "timeout_after_effect")],
      ),
  },
  {
    name: "error_after_effect_write",
    recoverable: true,
    why: "rule 6: an unknown error after dispatch is uncertain, then confirmed",
    expected: { status: "done", side_effects: 1, executor_calls: 1, reconciled: true },
    scenario: () =>
      scenario(
        "error_after_effect_write",
        "save_artifact's connection resets after it landed",
        saveScript,
        [start, reconcile],
        [fault("save_artifact", "error_after_effect")],
      ),
  },
  {
    name: "timeout_after_effect_high_risk",
    recoverable: true,
    why: "rule 6 (fault injection 1): reconcile_required, confirm, one publish",
    expected: { status: "done", side_effects: 1, executor_calls: 1, reconciled: true },
    scenario: () =>
      scenario(
        "timeout_after_effect_high_risk",
        "an approved publish times out after it landed",
        publishScript,
        [start, approve, restart, reconcile],
        [fault("publish_report", "timeout_after_effect")],
      ),
  },
  {
    name: "crash_after_effect_high_risk",
    recoverable: true,
    why: "rule 5: a high_risk intent with no outcome is uncertain; confirm, one publish",
    expected: { status: "done", side_effects: 1, executor_calls: 1, reconciled: true },
    scenario: () =>
      scenario(
        "crash_after_effect_high_risk",
        "the process dies after an approved publish landed",
        publishScript,
        [start, approve, restart, reconcile],
        [fault("publish_report", "crash_after_effect")],
      ),
  },
  {
    name: "transient_four_times_write",
    recoverable: false,
    why: "rule 7: after 3 retries the run fails with a trace",
    expected: { status: "failed", side_effects: 0, executor_calls: 4 },
    scenario: () =>
      scenario(
        "transient_four_times_write",
        "save_artifact fails four times, transiently",
        saveScript,
        [start],
        [fault("save_artifact", "transient", 4)],
      ),
  },
  {
    name: "permanent_write",
    recoverable: false,
    why: "a permanent error goes back to the model; nothing retries it",
    expected: { status: "done", side_effects: 0, executor_calls: 1 },
    scenario: () =>
      scenario(
        "permanent_write",
        "save_artifact is refused by the service",
        saveScript,
        [start],
        [fault("save_artifact", "permanent")],
      ),
  },
  {
    name: "timeout_before_effect_write",
    recoverable: false,
    why: "rule 6: a write that never answered may have landed: it stays uncertain until a person checks",
    expected: { status: "reconcile_required", side_effects: 0, executor_calls: 1 },
    scenario: () =>
      scenario(
        "timeout_before_effect_write",
        "save_artifact hangs",
        saveScript,
        [start, restart],
        [fault("save_artifact", "timeout_before_effect")],
      ),
  },
  {
    name: "crash_before_effect_high_risk",
    recoverable: false,
    why: "rule 5: a high_risk intent with no recorded outcome is uncertain and never re-run automatically",
    expected: { status: "reconcile_required", side_effects: 0, executor_calls: 1 },
    scenario: () =>
      scenario(
        "crash_before_effect_high_risk",
        "the process dies during an approved publish",
        publishScript,
        [start, approve, restart, restart],
        [fault("publish_report", "crash_before_effect")],
      ),
  },
];

/** Whether a run ended where the contract says it must. */
export function meetsExpectation(o: CaseObservation, expected: FaultExpectation): boolean {
  const reconciled = o.trace_types.includes("tool_uncertain") && o.trace_types.includes("tool_reconciled");
  return (
    o.final_status === expected.status &&
    o.side_effects === expected.side_effects &&
    o.executor_calls === expected.executor_calls &&
    (expected.reconciled !== true || reconciled)
  );
}
