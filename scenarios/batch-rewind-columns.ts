/**
 * A batch approval is spent like any other (CONTRACT.md §9): a turn of a write and a publish, the
 * person approves the publish and the batch runs; the session is rewound to the approval point and
 * the same token is sent again. The nonce store answers `approval_already_used` whichever way the
 * graph engines run the batch (a task per call, or the whole batch in one node).
 */
import { BATCH_EXECUTIONS, type BatchExecution } from "../runtime/index.js";
import { finalAnswer, toolCalls } from "../handwritten/fixtures/index.js";
import { behaviour as anyBehaviour, defineColumn, vocabulary as anyVocabulary, type Column } from "./column.js";
import { observeBatch, type BatchObservation } from "./parallel-columns.js";
import { sendKeptToken } from "./rewind-columns.js";

const behaviour = anyBehaviour<BatchObservation>;
const vocabulary = anyVocabulary<BatchObservation>;

const total = (counts: BatchObservation["executor_calls"], tool: string) =>
  Object.values(counts[tool] ?? {}).reduce((a, b) => a + b, 0);
const messageOf = (o: BatchObservation, call_id: string) => o.tool_messages.find((m) => m.call_id === call_id);

const TURN = toolCalls([
  { id: "save", tool: "save_artifact", args: { name: "summary", content: "summary for the weekly report" } },
  { id: "publish", tool: "publish_report", args: { artifact: "art_weekly", audience: "team" } },
]);

function batchApprovalRewound(mode: BatchExecution): Column {
  return defineColumn<BatchObservation>({
    name: mode === "fan_out" ? "batch_approval_rewound" : `batch_approval_rewound_${mode}`,
    family: "batch_rewind",
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
      behaviour(
        "the approved batch did not run: the write and the publish did not execute once each before the rewind",
        (o) => o.after_each_action[1]?.executor_calls === 2 && o.after_each_action[1]?.side_effects === 2,
        (o) => o.after_each_action[1]?.side_effects ?? null,
      ),
      behaviour(
        "the publish ran again after the rewind: the spent approval was used twice",
        (o) => total(o.executor_calls, "publish_report") === 1 && total(o.side_effects, "publish_report") === 1,
        (o) => ({ calls: o.executor_calls, effects: o.side_effects }),
      ),
      behaviour(
        "the write ran again after the rewind",
        (o) => total(o.executor_calls, "save_artifact") === 1,
        (o) => o.executor_calls,
      ),
      vocabulary(
        "the replayed token is refused approval_already_used",
        (o) => o.approval_refusals.join() === "approval_already_used",
        (o) => o.approval_refusals,
      ),
      vocabulary(
        "the new decline at the old approval point is what counts: the publish told approval_declined, and the run ends done",
        (o) => messageOf(o, "publish")?.code === "approval_declined" && o.final_status === "done",
        (o) => ({ code: messageOf(o, "publish")?.code ?? null, status: o.final_status }),
      ),
    ],
  });
}

export const BATCH_REWIND_COLUMNS: readonly Column[] = BATCH_EXECUTIONS.map(batchApprovalRewound);
