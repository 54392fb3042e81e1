/**
 * The double-resume question (issue 28): an approval is given and the approved state resumes and
 * runs the call; then the same serialized state (the RunState a client holds, a message history
 * with the approval in it, a checkpoint restored from an older copy) is resumed a second time with
 * the same approval, and once more by a new process. A framework that keeps no record on its own
 * side that an approval was used runs the approved call again. The verdict counts what landed, so
 * it reads the same on an engine without the contract's refusal codes.
 */
import { finalAnswer, toolCall, toolCalls } from "../handwritten/fixtures/index.js";
import { defineColumn, type Column } from "./column.js";
import { observeRun, read, type RunObservation } from "./observe.js";
import { sendKeptToken } from "./rewind-columns.js";

const ACTIONS = [
  { kind: "start" },
  { kind: "approve" },
  { kind: "rewind_to_approval" },
  sendKeptToken("last_approval"),
  { kind: "restart_and_resume" },
] as const;

const says = (text: string, holds: (o: RunObservation) => boolean) => ({ says: text, holds });
const ranOnceAfterApproval = says(
  "the first resume of the approved state ran the publish: 1 side effect",
  (o) => read.after(o, 1).side_effects >= 1 && read.effects(o, "publish_report") >= 1,
);
const publishOnce = says(
  "resuming the same approved state again, and in a new process, ran nothing more: the publish executed once, 1 side effect",
  (o) => read.calls(o, "publish_report") === 1 && read.effects(o, "publish_report") === 1,
);

export const DOUBLE_RESUME_COLUMNS: readonly Column[] = [
  defineColumn({
    name: "double_resume_same_approval",
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
      says("the write landed once", (o) => read.effects(o, "save_artifact") === 1),
    ],
  }),
];
