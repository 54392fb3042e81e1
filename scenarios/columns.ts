/** The four required comparison columns of the contract (section 5), as data. */
import { finalAnswer, toolCall } from "../handwritten/fixtures/index.js";
import type { Message } from "../handwritten/contract/index.js";
import { fingerprint, type RunRecord, type Scenario } from "./scenario.js";

const toolMessages = (record: RunRecord) =>
  record.final.messages.filter((m): m is Extract<Message, { role: "tool" }> => m.role === "tool");

export const schemaFailureSideEffects: Scenario = {
  name: "schema_failure_side_effects",
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
    const rejection = toolMessages(record)[0];
    const content = rejection?.content as { code?: string; issues?: { path: string }[] } | undefined;
    return {
      tool_message_status: rejection?.status ?? null,
      rejection_code: content?.code ?? null,
      issue_paths: (content?.issues ?? []).map((i) => i.path).sort(),
      executor_calls: record.env.world.totalCalls("save_artifact"),
      side_effects: record.env.world.totalEffects(),
      ...fingerprint(record),
    };
  },
};

export const preApprovalState: Scenario = {
  name: "pre_approval_state",
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
};

export const idempotencyReplay: Scenario = {
  name: "idempotency_replay",
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
    const [first, second] = toolMessages(record);
    return {
      first_status: first?.status ?? null,
      second_status: second?.status ?? null,
      same_output: JSON.stringify(first?.content) === JSON.stringify(second?.content),
      executor_calls: record.env.world.totalCalls("save_artifact"),
      side_effects: record.env.world.totalEffects("save_artifact"),
      ...fingerprint(record),
    };
  },
};

export const interruptedCheckpoint: Scenario = {
  name: "interrupted_checkpoint",
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
};

/** The four required columns, in evidence order. */
export const REQUIRED_COLUMNS: readonly Scenario[] = [
  schemaFailureSideEffects,
  preApprovalState,
  idempotencyReplay,
  interruptedCheckpoint,
];
