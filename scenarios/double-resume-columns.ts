/**
 * The double-resume question (issue 28): an approval is given and the approved state resumes and
 * runs the call; then the same serialized state (the RunState a client holds, a message history
 * with the approval in it, a checkpoint restored from an older copy) is resumed a second time with
 * the same approval, and once more by a new process. A framework that keeps no record on its own
 * side that an approval was used runs the approved call again. The verdict counts what landed, so
 * it reads the same on an engine without the contract's refusal codes.
 */
import { finalAnswer, toolCall, toolCalls } from "../handwritten/fixtures/index.js";
import { behaviour, defineColumn, type Column } from "./column.js";
import { observeRun, read, type RunObservation } from "./observe.js";
import { sendKeptToken } from "./rewind-columns.js";

const ACTIONS = [
  { kind: "start" },
  { kind: "approve" },
  { kind: "rewind_to_approval" },
  sendKeptToken("last_approval"),
  { kind: "restart_and_resume" },
] as const;

/** What landed per tool and key: what a violation saw. */
const landed = (o: RunObservation) => ({ calls: o.executor_calls, effects: o.side_effects });
const ranOnceAfterApproval = behaviour(
  "the approved publish never ran on the first resume",
  (o: RunObservation) => read.after(o, 1).side_effects >= 1 && read.effects(o, "publish_report") >= 1,
  landed,
);
const publishOnce = behaviour(
  "the approved publish ran again when the same approved state was resumed again, or in a new process",
  (o: RunObservation) => read.calls(o, "publish_report") === 1 && read.effects(o, "publish_report") === 1,
  landed,
);

export const DOUBLE_RESUME_COLUMNS: readonly Column[] = [
  defineColumn({
    name: "double_resume_same_approval",
    family: "double_resume",
    summary:
      "A publish is approved and runs; the approved state is resumed a second time with the same approval, then by a new process.",
    goal: "double resume column",
    options: {
      script: [
        toolCall("publish_report", { artifact: "art_weekly", audience: "team" }),
        finalAnswer("published"),
        finalAnswer("published again"),
      ],
    },
    actions: ACTIONS,
    observe: observeRun,
    expected:
      "An approval is used once on the server's side: resuming the same approved state twice runs the approved call once.",
    expectations: [ranOnceAfterApproval, publishOnce],
  }),
  defineColumn({
    name: "double_resume_batch_approval",
    family: "double_resume",
    summary:
      "A turn of a write and a publish; the publish is approved and the turn runs; the same approved state is resumed again, then by a new process.",
    goal: "double resume column",
    options: {
      script: [
        toolCalls([
          { id: "save", tool: "save_artifact", args: { name: "summary", content: "summary for the weekly report" } },
          { id: "publish", tool: "publish_report", args: { artifact: "art_weekly", audience: "team" } },
        ]),
        finalAnswer("published"),
        finalAnswer("published again"),
      ],
    },
    actions: ACTIONS,
    observe: observeRun,
    expected:
      "Resuming the same approved turn twice runs each of its calls once: the publish and the write land once each.",
    expectations: [
      ranOnceAfterApproval,
      publishOnce,
      behaviour(
        "the write landed other than once",
        (o: RunObservation) => read.effects(o, "save_artifact") === 1,
        landed,
      ),
    ],
  }),
];
