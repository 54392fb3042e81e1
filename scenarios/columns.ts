/** The four required comparison columns of the contract (section 5), as data. */
import { finalAnswer, toolCall } from "../handwritten/fixtures/index.js";
import { defineColumn, type Column } from "./column.js";
import { toolMessagesOf } from "./observe.js";
import { fingerprint } from "./scenario.js";

export const schemaFailureSideEffects: Column = defineColumn({
  name: "schema_failure_side_effects",
  family: "required",
  summary:
    "A write with invalid arguments (wrong type, unknown key) is rejected before execute; the model gets the issues back.",
  goal: "save a summary",
  options: {
    script: [
      toolCall("save_artifact", { name: "summary", content: 42, overwrite: true }),
      finalAnswer("could not save the summary"),
    ],
  },
  actions: [{ kind: "start" }],
  observe(record) {
    const rejection = toolMessagesOf(record)[0];
    const content = rejection?.content as { code?: string; issues?: { path: string }[] } | undefined;
    return {
      tool_message_status: rejection?.status ?? null,
      rejection_code: content?.code ?? null,
      issue_paths: (content?.issues ?? []).map((i) => i.path).sort(),
      // In substance, whatever the engine's words: the model got an answer to the call, and it was no success.
      told_it_failed: rejection !== undefined && rejection.status !== "ok",
      executor_calls: record.env.world.totalCalls("save_artifact"),
      side_effects: record.env.world.totalEffects(),
      ...fingerprint(record),
    };
  },
  expected:
    "Validation comes first: a failing call is rejected before execute and the model is told to rewrite its arguments (0 executor calls, 0 side effects).",
  expectations: [
    {
      kind: "behaviour",
      says: "the invalid write reached the executor",
      holds: (o) => o.executor_calls === 0,
      observed: (o) => o.executor_calls,
    },
    {
      kind: "behaviour",
      says: "the invalid write landed",
      holds: (o) => o.side_effects === 0,
      observed: (o) => o.side_effects,
    },
    {
      kind: "behaviour",
      says: "the model was not told that its call failed (no answer, or an answer of success)",
      holds: (o) => o.told_it_failed,
      observed: (o) => o.tool_message_status,
    },
    {
      kind: "vocabulary",
      says: "the call is rejected with invalid_arguments",
      holds: (o) => o.tool_message_status === "rejected" && o.rejection_code === "invalid_arguments",
      observed: (o) => ({ status: o.tool_message_status, code: o.rejection_code }),
    },
    {
      kind: "vocabulary",
      says: "the issues went back to the model, naming $.content",
      holds: (o) => o.issue_paths.includes("$.content"),
      observed: (o) => o.issue_paths,
    },
    {
      kind: "vocabulary",
      says: "the run goes on to the model's next step and ends done",
      holds: (o) => o.final_status === "done",
      observed: (o) => o.final_status,
    },
  ],
});

export const preApprovalState: Column = defineColumn({
  name: "pre_approval_state",
  family: "required",
  summary:
    "A high-risk call with no approval stops in approval_required with the pending call recorded and no side effect.",
  goal: "publish the report",
  options: {
    script: [toolCall("publish_report", { artifact: "art_weekly", audience: "team" }), finalAnswer("published")],
  },
  actions: [{ kind: "start" }],
  observe(record) {
    const pending = record.final.pending_approval;
    return {
      status: record.final.status,
      pending_approval:
        pending === null
          ? null
          : { tool: pending.tool, args_digest: pending.args_digest, idempotency_key: pending.idempotency_key },
      executor_calls: record.env.world.totalCalls("publish_report"),
      side_effects: record.env.world.totalEffects(),
      ...fingerprint(record),
    };
  },
  expected:
    "approval_required with no side effect: the pending call is recorded and nothing runs until a person approves.",
  expectations: [
    {
      kind: "behaviour",
      says: "the unapproved publish ran",
      holds: (o) => o.executor_calls === 0,
      observed: (o) => o.executor_calls,
    },
    {
      kind: "behaviour",
      says: "the unapproved publish landed",
      holds: (o) => o.side_effects === 0,
      observed: (o) => o.side_effects,
    },
    {
      kind: "vocabulary",
      says: "status approval_required",
      holds: (o) => o.status === "approval_required",
      observed: (o) => o.status,
    },
    {
      kind: "vocabulary",
      says: "the pending call is recorded for publish_report",
      holds: (o) => o.pending_approval?.tool === "publish_report",
      observed: (o) => o.pending_approval,
    },
  ],
});

export const idempotencyReplay: Column = defineColumn({
  name: "idempotency_replay",
  family: "required",
  summary:
    "The same idempotency key with the same arguments, twice: the second answer is the stored result, with one side effect.",
  goal: "save the summary once",
  options: {
    script: [
      toolCall("save_artifact", { name: "summary", content: "signups grow 3 a week" }, "write-001"),
      toolCall("save_artifact", { name: "summary", content: "signups grow 3 a week" }, "write-001"),
      finalAnswer("saved"),
    ],
  },
  actions: [{ kind: "start" }],
  observe(record) {
    const [first, second] = toolMessagesOf(record);
    return {
      first_status: first?.status ?? null,
      second_status: second?.status ?? null,
      same_output: JSON.stringify(first?.content) === JSON.stringify(second?.content),
      executor_calls: record.env.world.totalCalls("save_artifact"),
      side_effects: record.env.world.totalEffects("save_artifact"),
      ...fingerprint(record),
    };
  },
  expected:
    "The same key with the same arguments answers replayed with the stored result: 1 executor call, 1 side effect.",
  expectations: [
    {
      kind: "behaviour",
      says: "the same write sent twice ran twice",
      holds: (o) => o.executor_calls === 1,
      observed: (o) => o.executor_calls,
    },
    {
      kind: "behaviour",
      says: "the same write sent twice landed twice (or never)",
      holds: (o) => o.side_effects === 1,
      observed: (o) => o.side_effects,
    },
    {
      kind: "behaviour",
      says: "the model got another answer the second time than the first",
      holds: (o) => o.same_output,
      observed: (o) => o.same_output,
    },
    {
      kind: "vocabulary",
      says: "the first call answers ok",
      holds: (o) => o.first_status === "ok",
      observed: (o) => o.first_status,
    },
    {
      kind: "vocabulary",
      says: "the second call answers replayed",
      holds: (o) => o.second_status === "replayed",
      observed: (o) => o.second_status,
    },
  ],
});

export const interruptedCheckpoint: Column = defineColumn({
  name: "interrupted_checkpoint",
  family: "required",
  summary:
    "The process dies after the intent checkpoint, before the write lands; a new process resumes from the checkpoint under the same key.",
  goal: "save the summary despite a crash",
  options: {
    script: [
      toolCall("save_artifact", { name: "summary", content: "signups grow 3 a week" }, "write-002"),
      finalAnswer("saved"),
    ],
    faults: [{ tool: "save_artifact", kind: "crash_before_effect", times: 1 }],
  },
  actions: [{ kind: "start" }, { kind: "restart_and_resume" }],
  observe(record) {
    const [atCrash, afterResume] = record.snapshots;
    const crashed = atCrash?.state;
    return {
      crashed: atCrash?.crashed ?? false,
      checkpoint_at_crash:
        crashed === undefined
          ? null
          : {
              status: crashed.status,
              intent:
                crashed.status === "executing"
                  ? { tool: crashed.intent.tool, key: crashed.intent.key, attempt: crashed.intent.attempt }
                  : null,
              checkpoint_hash: crashed.checkpoint_hash,
            },
      side_effects_at_crash: atCrash?.side_effects ?? null,
      after_resume: {
        status: afterResume?.state?.status ?? null,
        side_effects: afterResume?.side_effects ?? null,
        executor_calls: afterResume?.executor_calls ?? null,
      },
      keys_used: Object.keys(record.env.world.data.calls["save_artifact"] ?? {}),
      ...fingerprint(record),
    };
  },
  expected:
    "The intent is checkpointed before execute; after the crash, recovery follows the intent under the same key: exactly 1 side effect.",
  expectations: [
    {
      kind: "behaviour",
      says: "the column's crash did not happen (the write was not interrupted)",
      holds: (o) => o.crashed,
      observed: (o) => o.crashed,
    },
    {
      kind: "behaviour",
      says: "the write landed before the crash",
      holds: (o) => o.side_effects_at_crash === 0,
      observed: (o) => o.side_effects_at_crash,
    },
    {
      kind: "behaviour",
      says: "after the restart the write landed twice, or never",
      holds: (o) => o.after_resume.side_effects === 1,
      observed: (o) => o.after_resume.side_effects,
    },
    {
      kind: "vocabulary",
      says: "only the intent's key was used (write-002)",
      holds: (o) => o.keys_used.length === 1 && o.keys_used[0] === "write-002",
      observed: (o) => o.keys_used,
    },
    {
      kind: "vocabulary",
      says: "the checkpoint at the crash holds the intent (executing, key write-002)",
      holds: (o) => o.checkpoint_at_crash?.status === "executing" && o.checkpoint_at_crash.intent?.key === "write-002",
      observed: (o) => o.checkpoint_at_crash?.status ?? null,
    },
    {
      kind: "vocabulary",
      says: "the resumed run ends done",
      holds: (o) => o.after_resume.status === "done",
      observed: (o) => o.after_resume.status,
    },
  ],
});

/** The four required columns, in evidence order. */
export const REQUIRED_COLUMNS: readonly Column[] = [
  schemaFailureSideEffects,
  preApprovalState,
  idempotencyReplay,
  interruptedCheckpoint,
];
