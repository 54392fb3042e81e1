/**
 * Rewind-then-replay (issue 19): a checkpoint history goes back to the approval point of a call
 * that already ran — a store restored from an older copy, a time-travel resume on LangGraph — and
 * the spent token is sent again. Single use must hold across histories: the nonce store, not the
 * rewound checkpoint, answers `approval_already_used`, and a new answer at the old approval
 * point is the one that counts. A decline is a decision too: it spends the pending call's nonce,
 * so a token minted for that call before the person said no never runs it (CONTRACT.md §9).
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

/** A token the person holds (`memo` key), sent now: the one sent before the rewind, or one minted and kept. */
export const sendKeptToken = (key: string): Action => ({
  kind: "submit_token",
  token: (_env, _state, memo) => {
    const token = memo.get(key);
    if (token === undefined) throw new EngineUsageError("approval_not_pending", `no token kept as ${key}`);
    return token;
  },
});
const replaySpentToken = sendKeptToken("last_approval");

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
  ...declineColumns(),
];

/** A token minted for the pending call and kept, never sent, while the person declines. */
function declineColumns(): readonly Column[] {
  const kept = "minted_before_decline";
  const refusedAt = (index: number) =>
    says(
      "the token minted before the decline is refused approval_already_used and the call keeps waiting",
      (o) =>
        o.approval_refusals.join() === "approval_already_used" && read.after(o, index).status === "approval_required",
    );
  const declined = says(
    "the decline ends the run with the publish not executed",
    (o) => read.after(o, 2).status === "done" && read.after(o, 2).executor_calls === 0,
  );
  const backAtApproval = says(
    "after the rewind the session waits for approval again",
    (o) => read.after(o, 3).status === "approval_required",
  );
  const neverRan = says(
    "the publish never ran: executor calls 0, side effects 0",
    (o) => read.calls(o) === 0 && read.effects(o) === 0,
  );
  const onlyDeclines = says(
    "the model got one answer, the decline, and the run ends done",
    (o) => o.tool_messages.map((m) => m.status).join() === "declined" && o.final_status === "done",
  );
  return [
    defineColumn({
      name: "token_minted_before_decline",
      summary:
        "A publish waits; a token is signed for it but not sent, a person declines, the session is rewound to the approval point and the kept token is sent.",
      goal: "rewind column",
      options: { script: SCRIPT },
      actions: [
        { kind: "start" },
        { kind: "mint_token", as: kept },
        { kind: "decline" },
        { kind: "rewind_to_approval" },
        sendKeptToken(kept),
        { kind: "decline" },
      ],
      observe: observeRun,
      expected:
        "A person's no is final for every token of that call: the decline spends the approval, so a token minted before it is refused approval_already_used after a rewind, and nothing runs.",
      expectations: [declined, backAtApproval, refusedAt(4), neverRan, onlyDeclines],
    }),
    defineColumn({
      name: "token_minted_before_decline_restart",
      summary:
        "As token_minted_before_decline, with a new process over the same durable stores between the rewind and the kept token.",
      goal: "rewind column",
      options: { script: SCRIPT },
      actions: [
        { kind: "start" },
        { kind: "mint_token", as: kept },
        { kind: "decline" },
        { kind: "rewind_to_approval" },
        { kind: "restart_and_resume" },
        sendKeptToken(kept),
        { kind: "decline" },
      ],
      observe: observeRun,
      expected:
        "The spent approval survives a restart: in a new process the token minted before the decline is refused approval_already_used, and nothing runs.",
      expectations: [
        declined,
        backAtApproval,
        says("the new process still waits for approval", (o) => read.after(o, 4).status === "approval_required"),
        refusedAt(5),
        neverRan,
        onlyDeclines,
      ],
    }),
  ];
}
