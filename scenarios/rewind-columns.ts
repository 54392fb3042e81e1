/**
 * Rewind-then-replay (issue 19): a checkpoint history goes back to the approval point of a call
 * that already ran — a store restored from an older copy, a time-travel resume on LangGraph — and
 * the spent token is sent again. Single use must hold across histories: the nonce store, not the
 * rewound checkpoint, answers `approval_already_used`, and a new answer at the old approval
 * point is the one that counts. A decline is a decision too: it spends the pending call's nonce,
 * so a token minted for that call before the person said no never runs it (CONTRACT.md §9).
 */
import { finalAnswer, toolCall } from "../handwritten/fixtures/index.js";
import { behaviour, defineColumn, vocabulary, type Column } from "./column.js";
import { EngineUsageError } from "../runtime/api.js";
import { observeRun, read, type RunObservation } from "./observe.js";
import type { Action } from "./scenario.js";

/** What reached the executors and what landed, per tool and key: what a behaviour violation saw. */
const landed = (o: RunObservation) => ({ calls: o.executor_calls, effects: o.side_effects });
const spoken = (o: RunObservation) => ({ status: o.final_status, refused: o.approval_refusals });
const world = (unsafe: string, holds: (o: RunObservation) => boolean) => behaviour(unsafe, holds, landed);
const words = (text: string, holds: (o: RunObservation) => boolean) => vocabulary(text, holds, spoken);

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

const ranOnce = world(
  "the spent approval ran the publish again after the rewind (or it never ran)",
  (o) => read.calls(o) === 1 && read.effects(o) === 1,
);
const rewound = words(
  "after the rewind the session waits for approval again",
  (o) => read.after(o, 2).status === "approval_required" && read.after(o, 1).status === "done",
);
const declineCounts = words(
  "the new decline at the old approval point is what counts: a declined tool message, and the run ends done",
  (o) => o.tool_messages.some((m) => m.status === "declined") && o.final_status === "done",
);
/** A fresh or kept token sent after the rewind ran nothing: the world after that action is as before it. */
const replayRanNothing = (index: number) =>
  world("the token sent after the rewind ran the publish again", (o) => read.after(o, index).executor_calls <= 1);

export const REWIND_COLUMNS: readonly Column[] = [
  defineColumn({
    name: "approval_replayed_after_rewind",
    family: "rewind",
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
      replayRanNothing(3),
      words(
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
    family: "rewind",
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
      world("the new process ran the publish again on resume", (o) => read.after(o, 3).executor_calls === 1),
      replayRanNothing(4),
      words("the new process still waits for approval", (o) => read.after(o, 3).status === "approval_required"),
      words(
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
    words(
      "the token minted before the decline is refused approval_already_used and the call keeps waiting",
      (o) =>
        o.approval_refusals.join() === "approval_already_used" && read.after(o, index).status === "approval_required",
    );
  const declined = words("the decline ends the run (done)", (o) => read.after(o, 2).status === "done");
  const backAtApproval = words(
    "after the rewind the session waits for approval again",
    (o) => read.after(o, 3).status === "approval_required",
  );
  const neverRan = world(
    "the declined publish ran: a token minted before the decline still worked",
    (o) => read.calls(o) === 0 && read.effects(o) === 0,
  );
  const onlyDeclines = words(
    "the model got one answer, the decline, and the run ends done",
    (o) => o.tool_messages.map((m) => m.status).join() === "declined" && o.final_status === "done",
  );
  const toldOnce = behaviour(
    "the model was not told of the decline exactly once",
    (o: RunObservation) => o.tool_messages.length === 1,
    (o) => o.tool_messages.length,
  );
  return [
    defineColumn({
      name: "token_minted_before_decline",
      family: "rewind",
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
      expectations: [neverRan, toldOnce, declined, backAtApproval, refusedAt(4), onlyDeclines],
    }),
    defineColumn({
      name: "token_minted_before_decline_restart",
      family: "rewind",
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
        neverRan,
        toldOnce,
        declined,
        backAtApproval,
        words("the new process still waits for approval", (o) => read.after(o, 4).status === "approval_required"),
        refusedAt(5),
        onlyDeclines,
      ],
    }),
  ];
}
