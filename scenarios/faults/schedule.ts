/**
 * Random fault schedules: a generated planner route, injected faults and the actions a person or
 * the process takes, played through `runScenario` like any column. `checkSchedule` states the
 * contract's invariants over what happened — not over another engine's answer.
 */
import fc from "fast-check";
import {
  assertNever,
  canonicalJson,
  decidePolicy,
  digest,
  issueApprovalToken,
  type ToolRegistry,
  type TraceEvent,
} from "../../contract/index.js";
import { FAULT_KINDS, finalAnswer, toolCall, toolCalls, type Fault } from "../../handwritten/fixtures/index.js";
import {
  observeRun,
  replayTrace,
  runScenario,
  SESSION_ID,
  type Action,
  type EngineFactory,
  type RunOptions,
  type Scenario,
} from "../index.js";

const SAVES = [
  { name: "a", content: "one" },
  { name: "a", content: "two" },
  { name: "b", content: "three" },
];
const PUBLISHES = [
  { artifact: "art_weekly", audience: "team" },
  { artifact: "art_weekly", audience: "public" },
];

/** One call of a multi-call turn, from the same pool as single calls (valid, invalid, denied, gated). */
const batchCall = fc.oneof(
  fc.constantFrom(
    { tool: "read_table", args: { table: "sales", limit: 3 }, key: undefined },
    { tool: "run_regression", args: { table: "sales", x: "week", y: "signups" }, key: undefined },
    { tool: "run_shell", args: { command: "ls" }, key: undefined },
    { tool: "save_artifact", args: { name: "a", content: 7 }, key: undefined },
  ),
  fc
    .record({ i: fc.nat(SAVES.length - 1), key: fc.constantFrom(undefined, "k1", "k2") })
    .map(({ i, key }) => ({ tool: "save_artifact", args: SAVES[i], key })),
  fc
    .record({ i: fc.nat(PUBLISHES.length - 1), key: fc.constantFrom(undefined, "p1") })
    .map(({ i, key }) => ({ tool: "publish_report", args: PUBLISHES[i], key })),
);

/** A turn with several calls: approvals, declines and crashes then fall between the calls of a batch. */
const batchStep = fc
  .oneof(
    { weight: 6, arbitrary: fc.array(batchCall, { minLength: 2, maxLength: 4 }) },
    // Over maxCallsPerTurn (8), and a repeated call id: the whole turn is rejected.
    {
      weight: 1,
      arbitrary: fc.constant(
        Array.from({ length: 9 }, () => ({ tool: "read_table", args: { table: "sales", limit: 1 }, key: undefined })),
      ),
    },
  )
  .map((calls) =>
    toolCalls(
      calls.map((c, i) => ({
        id: `c${i}`,
        tool: c.tool,
        args: c.args,
        ...(c.key === undefined ? {} : { idempotencyKey: c.key }),
      })),
    ),
  );
const duplicateIds = toolCalls([
  { id: "same", tool: "read_table", args: { table: "sales", limit: 1 } },
  { id: "same", tool: "read_table", args: { table: "sales", limit: 2 } },
]);

const singleStep = fc.oneof(
  fc.constantFrom(
    toolCall("read_table", { table: "sales", limit: 3 }),
    toolCall("run_regression", { table: "sales", x: "week", y: "signups" }),
    toolCall("run_shell", { command: "ls" }),
    toolCall("save_artifact", { name: "a", content: 7 }),
    '{"type":"tool_call","tool":',
    toolCall("read_table", { table: "support_notes", limit: 2 }),
    finalAnswer("done"),
  ),
  fc
    .record({ i: fc.nat(SAVES.length - 1), key: fc.constantFrom(undefined, "k1", "k2") })
    .map(({ i, key }) => toolCall("save_artifact", SAVES[i], key)),
  fc
    .record({ i: fc.nat(PUBLISHES.length - 1), key: fc.constantFrom(undefined, "p1") })
    .map(({ i, key }) => toolCall("publish_report", PUBLISHES[i], key)),
);

const plannerStep = fc.oneof(
  { weight: 15, arbitrary: singleStep },
  { weight: 10, arbitrary: batchStep },
  { weight: 1, arbitrary: fc.constant(duplicateIds) },
);

const fault: fc.Arbitrary<Fault> = fc.record({
  tool: fc.constantFrom("read_table", "save_artifact", "publish_report"),
  kind: fc.constantFrom(...FAULT_KINDS),
  times: fc.integer({ min: 1, max: 4 }),
});

/** A token for the pending call with one thing wrong, or garbage when nothing is pending. */
const badToken = (which: "tampered" | "other_args" | "expired" | "stale"): Action => ({
  kind: "submit_token",
  token: (env, state, memo) => {
    if (which === "stale") return memo.get("last_approval") ?? "apv1.x.y";
    const p = state.pending_approval;
    if (p === null) return "apv1.x.y";
    const claims = {
      tool: p.tool,
      args_digest: p.args_digest,
      session_id: SESSION_ID,
      expires_at: env.clock.now() + 60_000,
      nonce: p.nonce,
    };
    switch (which) {
      case "other_args":
        return issueApprovalToken({ ...claims, args_digest: digest({ other: true }) }, env.secret);
      case "expired":
        return issueApprovalToken({ ...claims, expires_at: env.clock.now() - 1 }, env.secret);
      case "tampered":
        return `${issueApprovalToken(claims, env.secret)}0`;
      default:
        return assertNever(which);
    }
  },
});

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Action>({ kind: "approve" }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: "decline" }) },
  { weight: 2, arbitrary: fc.constantFrom("tampered", "other_args", "expired", "stale").map(badToken) },
  { weight: 2, arbitrary: fc.constant<Action>({ kind: "restart_and_resume" }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: "reconcile", operator: "alice" }) },
  { weight: 1, arbitrary: fc.constant<Action>({ kind: "advance_clock", ms: 20 * 60 * 1000 }) },
);

export const scheduleArbitrary: fc.Arbitrary<Scenario> = fc
  .record({
    script: fc.array(plannerStep, { minLength: 1, maxLength: 9 }),
    faults: fc.array(fault, { maxLength: 3 }),
    actions: fc.array(action, { maxLength: 6 }),
  })
  .map(({ script, faults, actions }) => ({
    name: "random_schedule",
    summary: "generated",
    goal: "generated",
    options: { script, faults },
    // Every schedule ends with one restart more than its injected crashes, so a run killed by its
    // last actions is resumed before it is judged; a restart of a finished run changes nothing.
    actions: [
      { kind: "start" },
      ...actions,
      ...Array.from({ length: 1 + crashes(faults) }, (): Action => ({ kind: "restart_and_resume" })),
    ],
    observe: observeRun,
  }));

const crashes = (faults: readonly Fault[]) =>
  faults.filter((f) => f.kind.startsWith("crash_")).reduce((n, f) => n + f.times, 0);

export const ALLOWED_FINAL = ["done", "failed", "step_limit", "approval_required", "reconcile_required"] as const;

export type Violation = { readonly rule: string; readonly detail: string };

export type ScheduleResult = {
  readonly violations: readonly Violation[];
  readonly final_status: string;
  readonly observation: string;
  readonly trace: readonly TraceEvent[];
};

/** Runs one schedule on one engine, twice, and checks the contract's invariants. */
export async function checkSchedule(
  factory: EngineFactory,
  schedule: Scenario,
  stores: Pick<RunOptions, "environment"> = {},
): Promise<ScheduleResult> {
  const violations: Violation[] = [];
  const uncertainCalls: string[] = [];
  let registry: ToolRegistry | undefined;
  const first = await runScenario(factory, schedule, {
    ...stores,
    graphSteps: false,
    instrument: (env) => {
      registry = env.registry;
      env.world.observeCalls((tool, key) => {
        if (env.ledger.get(key)?.state === "uncertain") uncertainCalls.push(`${tool}:${key}`);
      });
    },
  });
  const observation = first.observation as {
    side_effects: Record<string, Record<string, number>>;
    final_status: string;
  };
  const trace = first.trace;

  for (const [tool, byKey] of Object.entries(observation.side_effects)) {
    for (const [key, count] of Object.entries(byKey)) {
      if (count > 1)
        violations.push({ rule: "at_most_one_side_effect_per_key", detail: `${tool} ${key} landed ${count} times` });
    }
  }
  // Accepted approvals per tool and key: an approval of one tool never covers another's effect.
  const approved = new Map<string, number>();
  for (const e of trace) {
    if (e.type !== "approval_accepted" || e.idempotency_key === null) continue;
    const at = `${e.tool} ${e.idempotency_key}`;
    approved.set(at, (approved.get(at) ?? 0) + 1);
  }
  // The policy of each tool that had an effect, read from its risk class in the run's registry.
  for (const [tool, byKey] of Object.entries(observation.side_effects)) {
    const spec = registry?.get(tool);
    if (spec === undefined) {
      violations.push({ rule: "no_unapproved_side_effect", detail: `${tool} is not in the registry and ran` });
      continue;
    }
    const policy = decidePolicy(spec.risk);
    switch (policy.kind) {
      case "allow":
        break;
      case "require_approval":
        for (const [key, count] of Object.entries(byKey)) {
          const approvals = approved.get(`${tool} ${key}`) ?? 0;
          if (count > approvals)
            violations.push({
              rule: "no_unapproved_side_effect",
              detail: `${tool} ${key}: ${count} effects, ${approvals} approvals`,
            });
        }
        break;
      case "deny":
        if (Object.keys(byKey).length > 0)
          violations.push({ rule: "no_unapproved_side_effect", detail: `${tool} ran` });
        break;
      default:
        assertNever(policy);
    }
  }
  for (const call of uncertainCalls)
    violations.push({ rule: "no_retry_of_uncertain", detail: `executor called for uncertain ${call}` });
  const nonces = trace.filter((e) => e.type === "approval_accepted").map((e) => e.seq);
  if (new Set(nonces).size !== nonces.length)
    violations.push({ rule: "approval_single_use", detail: "an approval was accepted twice" });
  if (!(ALLOWED_FINAL as readonly string[]).includes(observation.final_status)) {
    violations.push({ rule: "terminal_state_allowed", detail: `ended in ${observation.final_status}` });
  }
  const again = await replayTrace(factory, schedule, stores);
  if (canonicalJson(again) !== canonicalJson(trace))
    violations.push({ rule: "replay_reproduces_trace", detail: "a second run gave another trace" });
  return { violations, final_status: observation.final_status, observation: canonicalJson(first.observation), trace };
}
