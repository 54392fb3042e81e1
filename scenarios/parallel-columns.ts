/**
 * Columns for turns with several tool calls (peer patterns F and G in research/peers.md): reads
 * in parallel, mixed risk in one turn, a resume after an approval interrupt, one call approved and
 * its sibling declined, a crash in the middle of a batch, and a framework that runs the whole
 * batch in one node and re-runs it on resume (langgraphjs#992). Each observation is a typed object
 * and each column states what must hold of it.
 */
import { approvePending, type JsonValue } from "../contract/index.js";
import { finalAnswer, toolCalls, type FixtureCall } from "../handwritten/fixtures/index.js";
import { behaviour, defineColumn, vocabulary, type Column, type ColumnSpec } from "./column.js";
import { codeOf, toolMessagesOf } from "./observe.js";
import { fingerprint, SESSION_ID, type Action, type RunRecord } from "./scenario.js";

type Counts = Readonly<Record<string, Readonly<Record<string, number>>>>;

export type BatchObservation = {
  readonly after_each_action: readonly {
    readonly action: string;
    /** Null where the column leaves it out: a framework may hold a batch mid-node when it stops. */
    readonly status: string | null;
    readonly crashed: boolean;
    readonly refused: string | null;
    readonly side_effects: number;
    readonly executor_calls: number;
  }[];
  readonly tool_messages: readonly {
    readonly call_id: string | null;
    readonly tool: string | null;
    readonly status: string;
    readonly code: string | null;
  }[];
  readonly approval_refusals: readonly (string | null)[];
  /** Every reason the trace gives, in order (a batch fact names its call: `call_id=reason`). */
  readonly trace_reasons: readonly string[];
  /** Executor calls and landed side effects per tool and idempotency key. */
  readonly executor_calls: Counts;
  readonly side_effects: Counts;
  readonly final_status: string;
  readonly steps: number;
  readonly checkpoint_hash: string;
  readonly trace_types: readonly string[];
  readonly trace_digest: string;
};

export function observeBatch(record: RunRecord, options: { readonly statuses: boolean }): BatchObservation {
  const tool = toolMessagesOf(record);
  return {
    after_each_action: record.snapshots.map((s) => ({
      action: s.action,
      status: options.statuses ? (s.state?.status ?? null) : null,
      crashed: s.crashed,
      refused: s.refused,
      side_effects: s.side_effects,
      executor_calls: s.executor_calls,
    })),
    tool_messages: tool.map((m) => ({
      call_id: m.call_id ?? null,
      tool: m.tool,
      status: m.status,
      code: codeOf(m.content),
    })),
    approval_refusals: record.trace.filter((e) => e.type === "approval_refused").map((e) => e.reason),
    trace_reasons: record.trace.flatMap((e) => (e.reason === null ? [] : [e.reason])),
    executor_calls: record.env.world.data.calls,
    side_effects: record.env.world.data.effects,
    ...fingerprint(record),
  };
}

// Observation helpers the expectations read.
const total = (counts: Counts, tool: string) => Object.values(counts[tool] ?? {}).reduce((a, b) => a + b, 0);
const eachOnce = (counts: Counts, tool: string) => Object.values(counts[tool] ?? {}).every((n) => n === 1);
const messageOf = (o: BatchObservation, call_id: string) => o.tool_messages.find((m) => m.call_id === call_id);
const after = (o: BatchObservation, i: number) => o.after_each_action[i];

const READS: readonly FixtureCall[] = [
  { id: "read_sales", tool: "read_table", args: { table: "sales", limit: 3 } },
  { id: "read_notes", tool: "read_table", args: { table: "support_notes", limit: 2 } },
  { id: "regress", tool: "run_regression", args: { table: "sales", x: "week", y: "signups" } },
];
const save = (id: string, name: string, key?: string): FixtureCall => ({
  id,
  tool: "save_artifact",
  args: { name, content: `${name} for the weekly report` },
  ...(key === undefined ? {} : { idempotencyKey: key }),
});
const publish = (id: string, audience: "team" | "public"): FixtureCall => ({
  id,
  tool: "publish_report",
  args: { artifact: "art_weekly", audience },
});

const column = (spec: Omit<ColumnSpec<BatchObservation>, "goal">): Column =>
  defineColumn({ ...spec, goal: "parallel column" });

type Observed = (o: BatchObservation) => JsonValue;
/** What reached the executors and what landed, per tool and key: what a behaviour violation saw. */
const landed: Observed = (o) => ({ calls: o.executor_calls, effects: o.side_effects });
/** The run's words: its status and each call's status and code. */
const spoken: Observed = (o) => ({
  status: o.final_status,
  messages: o.tool_messages.map((m) => `${m.call_id ?? "-"}:${m.status}:${m.code ?? ""}`),
});
const world = (unsafe: string, holds: (o: BatchObservation) => boolean, observed: Observed = landed) =>
  behaviour(unsafe, holds, observed);
const words = (text: string, holds: (o: BatchObservation) => boolean, observed: Observed = spoken) =>
  vocabulary(text, holds, observed);
const withStatuses = (record: RunRecord) => observeBatch(record, { statuses: true });

/** A token signed for another call of the batch than the one pending. */
const tokenForSibling = (call_id: string): Action => ({
  kind: "submit_token",
  token: (env, state) => {
    const batch = "batch" in state ? state.batch : undefined;
    const sibling = batch?.calls.find((c) => c.call_id === call_id);
    if (sibling?.call == null || sibling.phase.kind !== "awaiting_approval") {
      // An engine that asks about one call of a turn at a time has no waiting sibling to sign for: the column
      // cannot be driven there, and says so rather than answering the calls in another order than it checks.
      const waiting = (batch?.calls ?? []).filter((c) => c.phase.kind === "awaiting_approval").map((c) => c.call_id);
      const why =
        waiting.length === 0
          ? "no call is"
          : `only ${waiting.join(", ")} is: the engine asks about one call of the turn at a time, so the column has no waiting sibling to sign a token for`;
      throw new Error(`${call_id} is not waiting for approval; ${why}`);
    }
    const { tool, args, args_digest, idempotency_key } = sibling.call;
    const pending = { tool, args, args_digest, idempotency_key, nonce: sibling.phase.nonce, requested_at: 0 };
    return approvePending(pending, SESSION_ID, env.secret, env.clock.now());
  },
});

export const PARALLEL_COLUMNS: readonly Column[] = [
  column({
    name: "parallel_reads",
    family: "parallel",
    summary: "One turn asks for three reads: each runs once, and the answers reach the model in call order, tagged.",
    expected:
      "Three read-only calls in one turn each run once; three tool messages in call order carry their call ids; no side effect.",
    options: { script: [toolCalls(READS), finalAnswer("read")] },
    actions: [{ kind: "start" }],
    observe: withStatuses,
    expectations: [
      world(
        "a read ran other than once",
        (o) => eachOnce(o.executor_calls, "read_table") && total(o.executor_calls, "read_table") === 2,
      ),
      world("a read changed the world", (o) => Object.keys(o.side_effects).length === 0),
      world(
        "the model did not get one answer per read",
        (o) => o.tool_messages.length === READS.length,
        (o) => o.tool_messages.length,
      ),
      words(
        "tool messages in call order with their call ids",
        (o) => o.tool_messages.map((m) => m.call_id).join() === READS.map((c) => c.id).join(),
        (o) => o.tool_messages.map((m) => m.call_id ?? null),
      ),
      words("status done", (o) => o.final_status === "done"),
      words("every read ok", (o) => o.tool_messages.every((m) => m.status === "ok")),
      words(
        "one planner turn for the three calls (step 2)",
        (o) => o.steps === 2,
        (o) => o.steps,
      ),
    ],
  }),
  column({
    name: "parallel_mixed_risk",
    family: "parallel",
    summary: "One turn mixes a read, a write, a publish, run_shell and a malformed call: each is decided on its own.",
    expected:
      "In one turn the read and the write run, run_shell is refused, the malformed call is rejected with its issues, and the publish waits for its own approval with zero side effects.",
    options: {
      script: [
        toolCalls([
          READS[0]!,
          save("save", "summary"),
          publish("publish", "team"),
          { id: "shell", tool: "run_shell", args: { command: "ls" } },
          { id: "typo", tool: "read_table", args: { table: "sales", limit: "ten" } },
        ]),
        finalAnswer("done"),
      ],
    },
    actions: [{ kind: "start" }, { kind: "approve" }],
    observe: withStatuses,
    expectations: [
      world(
        "the publish landed before its approval",
        (o) => after(o, 0)?.side_effects === 1,
        (o) => after(o, 0)?.side_effects ?? null,
      ),
      world("the publish did not land once after approval", (o) => total(o.side_effects, "publish_report") === 1),
      world("the shell ran", (o) => total(o.executor_calls, "run_shell") === 0),
      world(
        "the malformed read reached the executor, or the valid read did not run once",
        (o) => total(o.executor_calls, "read_table") === 1,
      ),
      words("approval_required after start", (o) => after(o, 0)?.status === "approval_required"),
      words("run_shell denied", (o) => messageOf(o, "shell")?.status === "denied"),
      words(
        "malformed call rejected with invalid_arguments",
        (o) => messageOf(o, "typo")?.code === "invalid_arguments",
      ),
      words(
        "read, write and publish ok",
        (o) =>
          messageOf(o, "read_sales")?.status === "ok" &&
          messageOf(o, "save")?.status === "ok" &&
          messageOf(o, "publish")?.status === "ok",
      ),
      words("status done", (o) => o.final_status === "done"),
    ],
  }),
  column({
    name: "parallel_resume_after_interrupt",
    family: "parallel",
    summary:
      "Two writes run while their sibling publish waits; the process restarts, then a person approves: the writes ran once.",
    expected:
      "Siblings execute once: the two writes run before the interrupt and never again on resume; the publish runs once, after approval.",
    options: {
      script: [
        toolCalls([save("save_a", "summary"), save("save_b", "chart"), publish("publish", "team")]),
        finalAnswer("done"),
      ],
    },
    actions: [{ kind: "start" }, { kind: "restart_and_resume" }, { kind: "approve" }],
    observe: withStatuses,
    expectations: [
      world("the writes did not run before the interrupt", (o) => after(o, 0)?.executor_calls === 2),
      world(
        "a write ran again on resume",
        (o) => eachOnce(o.executor_calls, "save_artifact") && total(o.executor_calls, "save_artifact") === 2,
      ),
      world(
        "the publish ran before its approval, or other than once",
        (o) => after(o, 1)?.side_effects === 2 && total(o.executor_calls, "publish_report") === 1,
      ),
      words(
        "approval_required after start and after the restart",
        (o) => after(o, 0)?.status === "approval_required" && after(o, 1)?.status === "approval_required",
      ),
      words("status done", (o) => o.final_status === "done"),
    ],
  }),
  column({
    name: "mixed_approve_decline",
    family: "parallel",
    summary:
      "Two publishes in one turn: a token for the second cannot approve the first; the first is approved, the second declined.",
    expected:
      "Approved calls run, rejected calls get synthetic results: one publish lands, the declined one never runs and the model is told; a token bound to one call does not approve its sibling.",
    options: {
      script: [toolCalls([publish("to_team", "team"), publish("to_public", "public"), READS[0]!]), finalAnswer("done")],
    },
    actions: [{ kind: "start" }, tokenForSibling("to_public"), { kind: "approve" }, { kind: "decline" }],
    observe: withStatuses,
    expectations: [
      world(
        "the declined publish ran, or the sibling's token approved it",
        (o) => total(o.side_effects, "publish_report") === 1 && total(o.executor_calls, "publish_report") === 1,
      ),
      world("the read ran other than once", (o) => total(o.executor_calls, "read_table") === 1),
      words(
        "the sibling's token refused as approval_args_mismatch",
        (o) => o.approval_refusals.join() === "approval_args_mismatch",
      ),
      words("approved publish ok", (o) => messageOf(o, "to_team")?.status === "ok"),
      words("declined publish told approval_declined", (o) => messageOf(o, "to_public")?.code === "approval_declined"),
      words("status done", (o) => o.final_status === "done"),
    ],
  }),
  column({
    name: "parallel_crash_mid_batch",
    family: "parallel",
    summary:
      "The process dies while a batch runs, then again after an approved publish: each call follows its own intent.",
    expected:
      "After a crash mid-batch each call follows its intent: the write that was in flight runs again under its key and lands once, its finished siblings (a write and a read) are not executed again, and the publish with no recorded outcome is uncertain until a person confirms.",
    options: {
      script: [
        toolCalls([
          save("save_a", "summary", "write-a"),
          save("save_b", "chart", "write-b"),
          READS[0]!,
          publish("publish", "team"),
        ]),
        finalAnswer("done"),
      ],
      faults: [
        { tool: "save_artifact", kind: "crash_after_effect", times: 1 },
        { tool: "publish_report", kind: "crash_after_effect", times: 1 },
      ],
    },
    actions: [
      { kind: "start" },
      { kind: "restart_and_resume" },
      { kind: "approve" },
      { kind: "restart_and_resume" },
      { kind: "reconcile", operator: "alice" },
    ],
    observe: withStatuses,
    expectations: [
      world(
        "the column's crash did not happen",
        (o) => after(o, 0)?.crashed === true,
        (o) => after(o, 0)?.crashed ?? null,
      ),
      world(
        "the write in flight at the crash landed twice, or never",
        (o) =>
          o.executor_calls["save_artifact"]?.["write-a"] === 2 && o.side_effects["save_artifact"]?.["write-a"] === 1,
      ),
      world(
        "a call that had finished before the crash ran again",
        (o) => o.executor_calls["save_artifact"]?.["write-b"] === 1 && total(o.executor_calls, "read_table") === 1,
      ),
      world(
        "the publish with no recorded outcome was run again",
        (o) => total(o.executor_calls, "publish_report") === 1,
      ),
      words(
        "tool_uncertain names the publish's crash",
        (o) => o.trace_reasons.includes("publish=crash_before_outcome"),
        (o) => o.trace_reasons,
      ),
      words("reconcile_required before the operator confirms", (o) => after(o, 3)?.status === "reconcile_required"),
      words("status done", (o) => o.final_status === "done"),
    ],
  }),
  column({
    name: "parallel_batch_node_rerun",
    family: "parallel",
    summary:
      "The graph engines run the whole batch in one node (the ToolNode pattern), which stops for approval and re-runs from its first line on resume: the ledger replays the writes that already ran.",
    expected:
      "Siblings execute once even when the node that ran them is re-run on resume: the ledger replays the completed writes; the publish runs once, after approval.",
    options: {
      batchExecution: "single_node",
      script: [
        toolCalls([save("save_a", "summary"), save("save_b", "chart"), publish("publish", "team")]),
        finalAnswer("done"),
      ],
    },
    actions: [{ kind: "start" }, { kind: "approve" }],
    // A framework holds the batch mid-node while it waits, so the status between actions is not compared.
    observe: (record) => observeBatch(record, { statuses: false }),
    expectations: [
      world(
        "the writes did not run before the interrupt",
        (o) => after(o, 0)?.executor_calls === 2 && after(o, 0)?.side_effects === 2,
      ),
      world(
        "a write ran again when the node re-ran on resume",
        (o) => eachOnce(o.executor_calls, "save_artifact") && total(o.executor_calls, "save_artifact") === 2,
      ),
      world(
        "the publish did not run exactly once",
        (o) => total(o.executor_calls, "publish_report") === 1 && total(o.side_effects, "publish_report") === 1,
      ),
      world(
        "the model was not answered once per call",
        (o) => o.tool_messages.length === 3,
        (o) => o.tool_messages.length,
      ),
      words("every call ok", (o) => o.tool_messages.every((m) => m.status === "ok")),
      words("status done", (o) => o.final_status === "done"),
    ],
  }),
];
