/**
 * Rewind-then-replay (issue 19): a checkpoint history goes back to the approval point of a call
 * that already ran — a store restored from an older copy, a time-travel resume on LangGraph — and
 * the spent token is sent again. Single use must hold across histories: the nonce store, not the
 * rewound checkpoint, answers `approval_already_used`, and a new answer at the old approval
 * point is the one that counts.
 */
import { finalAnswer, toolCall } from "../handwritten/fixtures/index.js";
import { defineColumn, type Column, type Expectation } from "./column.js";
import { EngineUsageError } from "../runtime/api.js";
import { observeRun, read, type RunObservation } from "./observe.js";
import type { Action } from "./scenario.js";

const says = (text: string, holds: (o: RunObservation) => boolean): Expectation<RunObservation> => ({
  says: text,
  holds,
});

const PUBLISH = toolCall("publish_report", { artifact: "art_weekly", audience: "team" });
const SCRIPT = [PUBLISH, finalAnswer("published"), finalAnswer("not published again")];

/** The token the person sent before the rewind, sent again. */
const replaySpentToken: Action = {
  kind: "submit_token",
  token: (_env, _state, memo) => {
    const token = memo.get("last_approval");
    if (token === undefined) throw new EngineUsageError("approval_not_pending", "no earlier approval to replay");
    return token;
  },
};

const ranOnce = says(
  "the publish ran once and never again: executor calls 1, side effects 1",
  (o) => read.calls(o) === 1 && read.effects(o) === 1,
);
const rewound = says(
  "after the rewind the session waits for approval again",
  (o) => read.after(o, 2).status === "approval_required" && read.after(o, 1).status === "done",
);
const declineCounts = says(
  "the new decline at the old approval point is what counts: a declined tool message, and the run ends done",
  (o) => o.tool_messages.some((m) => m.status === "declined") && o.final_status === "done",
);

export const REWIND_COLUMNS: readonly Column[] = [
  defineColumn({
    name: "approval_replayed_after_rewind",
    summary:
      "An approved publish runs; the session is rewound to its approval point and the spent token is sent again, then a person declines.",
    goal: "rewind column",
    options: { script: SCRIPT },
    actions: [
      { kind: "start" },
      { kind: "approve" },
      { kind: "rewind_to_approval" },
      replaySpentToken,
      { kind: "decline" },
    ],
    observe: observeRun,
    expected:
      "A token works once across every history: after a rewind the spent token is refused with approval_already_used, nothing runs again, and a new decline at the old approval point is honoured.",
    expectations: [
      rewound,
      says(
        "the replayed token is refused approval_already_used and the call keeps waiting",
        (o) =>
          o.approval_refusals.join() === "approval_already_used" && read.after(o, 3).status === "approval_required",
      ),
      ranOnce,
      declineCounts,
    ],
  }),
  defineColumn({
    name: "fresh_token_after_restore_and_restart",
    summary:
      "After a publish ran, the store is restored to its approval point and a new process starts; a freshly signed token for that call is sent.",
    goal: "rewind column",
    options: { script: SCRIPT },
    actions: [
      { kind: "start" },
      { kind: "approve" },
      { kind: "rewind_to_approval" },
      { kind: "restart_and_resume" },
      { kind: "approve" },
      { kind: "decline" },
    ],
    observe: observeRun,
    expected:
      "The approval of a call that already ran is spent for good: even a freshly signed token for it is refused approval_already_used in a new process, and nothing runs again.",
    expectations: [
      rewound,
      says(
        "the new process still waits for approval",
        (o) => read.after(o, 3).status === "approval_required" && read.after(o, 3).executor_calls === 1,
      ),
      says(
        "the fresh token is refused approval_already_used",
        (o) =>
          o.approval_refusals.join() === "approval_already_used" && read.after(o, 4).status === "approval_required",
      ),
      ranOnce,
      declineCounts,
    ],
  }),
];
