/**
 * A batch approval is spent like any other (CONTRACT.md §9): a turn of a write and a publish, the
 * person approves the publish and the batch runs; the session is rewound to the approval point and
 * the same token is sent again. The nonce store answers `approval_already_used` whichever way the
 * graph engines run the batch (a task per call, or the whole batch in one node).
 */
import { BATCH_EXECUTIONS, type BatchExecution } from "../runtime/index.js";
import { finalAnswer, toolCalls } from "../handwritten/fixtures/index.js";
import { defineColumn, type Column } from "./column.js";
import { observeBatch, type BatchObservation } from "./parallel-columns.js";
import { sendKeptToken } from "./rewind-columns.js";

const total = (counts: BatchObservation["executor_calls"], tool: string) =>
  Object.values(counts[tool] ?? {}).reduce((a, b) => a + b, 0);
const messageOf = (o: BatchObservation, call_id: string) => o.tool_messages.find((m) => m.call_id === call_id);

const TURN = toolCalls([
  { id: "save", tool: "save_artifact", args: { name: "summary", content: "summary for the weekly report" } },
  { id: "publish", tool: "publish_report", args: { artifact: "art_weekly", audience: "team" } },
]);

function batchApprovalRewound(mode: BatchExecution): Column {
  return defineColumn({
    name: mode === "fan_out" ? "batch_approval_rewound" : `batch_approval_rewound_${mode}`,
    summary: `A turn of a write and a publish (graph engines: batch run ${mode}); the publish is approved and the batch runs, then the session is rewound to its approval point, the spent token is sent again and a person declines.`,
    goal: "rewind column",
    options: {
      batchExecution: mode,
      script: [TURN, finalAnswer("published"), finalAnswer("not published again")],
    },
    actions: [
      { kind: "start" },
      { kind: "approve" },
      { kind: "rewind_to_approval" },
      sendKeptToken("last_approval"),
      { kind: "decline" },
    ],
    // One node may hold the batch while it waits, so its status between actions is compared only per call.
    observe: (record) => observeBatch(record, { statuses: mode === "fan_out" }),
    expected:
      "A batch approval works once across every history: after a rewind the spent token is refused with approval_already_used, the publish ran exactly once, and a new decline at the old approval point is honoured.",
    expectations: [
      {
        says: "the approved batch ran: the write and the publish executed once each before the rewind",
        holds: (o) => o.after_each_action[1]?.executor_calls === 2 && o.after_each_action[1]?.side_effects === 2,
      },
      {
        says: "the replayed token is refused approval_already_used",
        holds: (o) => o.approval_refusals.join() === "approval_already_used",
      },
      {
        says: "the publish executed exactly once: executor calls 1, side effects 1",
        holds: (o) => total(o.executor_calls, "publish_report") === 1 && total(o.side_effects, "publish_report") === 1,
      },
      { says: "the write executed once", holds: (o) => total(o.executor_calls, "save_artifact") === 1 },
      {
        says: "the new decline at the old approval point is what counts: the publish told approval_declined, and the run ends done",
        holds: (o) => messageOf(o, "publish")?.code === "approval_declined" && o.final_status === "done",
      },
    ],
  });
}

export const BATCH_REWIND_COLUMNS: readonly Column[] = BATCH_EXECUTIONS.map(batchApprovalRewound);
