/**
 * The double-resume question (issue 28, item 3): a session's saved state is resumed twice with
 * the same approval — a client sends back the message history that carries its approval (the AI
 * SDK), a serialized RunState is resumed again (OpenAI Agents), a store is restored to the approval
 * point (the contract engines) — and the approved call must still run once. No framework keeps a
 * server-side record that an approval was used unless something like the contract's nonce store
 * does; this column measures it on every engine with the same actions.
 */
import { finalAnswer, toolCall } from "../handwritten/fixtures/index.js";
import { defineColumn, type Column } from "./column.js";
import { observeRun, read } from "./observe.js";
import { sendKeptToken } from "./rewind-columns.js";

export const DOUBLE_RESUME_COLUMNS: readonly Column[] = [
  defineColumn({
    name: "approval_resumed_twice",
    summary:
      "A publish is approved and runs; the state saved at its approval point is resumed a second time with the same approval.",
    goal: "double resume column",
    options: {
      script: [
        toolCall("publish_report", { artifact: "art_weekly", audience: "team" }),
        finalAnswer("published"),
        finalAnswer("published again"),
      ],
    },
    // The same approval answer resumes the same saved state twice: the first resume, then the saved state is back and resumed again.
    actions: [{ kind: "start" }, { kind: "approve" }, { kind: "rewind_to_approval" }, sendKeptToken("last_approval")],
    observe: observeRun,
    expected:
      "Resuming the same saved state twice with one approval runs the approved call once: the second resume is refused (approval_already_used) and nothing runs again.",
    expectations: [
      {
        says: "the first resume ran the publish and the saved approval point came back",
        holds: (o) => read.after(o, 1).status === "done" && read.after(o, 2).status === "approval_required",
      },
      {
        says: "the second resume runs nothing: executor calls 1, side effects 1",
        holds: (o) => read.calls(o, "publish_report") === 1 && read.effects(o, "publish_report") === 1,
      },
      {
        says: "the second resume is refused as approval_already_used",
        holds: (o) => o.approval_refusals.includes("approval_already_used"),
      },
    ],
  }),
];
