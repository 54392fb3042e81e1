/**
 * The seventh fault of the seed, "MCP handed a bare executor", as a column on every engine: while
 * the engine waits for approval of a publish, a caller handed the same registry (a naive MCP adapter)
 * calls executors itself: the publish, the always-denied shell and a write with invalid arguments.
 * The registry's guard refuses each, so nothing runs unvalidated, unapproved or unrecorded, and the
 * engine's own call still runs through the contract once approved.
 */
import { finalAnswer, toolCall } from "../handwritten/fixtures/index.js";
import { behaviour as anyBehaviour, defineColumn, vocabulary as anyVocabulary, type Column } from "./column.js";
import { observeRun, read, type RunObservation } from "./observe.js";

const behaviour = anyBehaviour<RunObservation>;
const vocabulary = anyVocabulary<RunObservation>;

const PUBLISH = { artifact: "art_weekly", audience: "team" } as const;
/** The bare calls, after `start`: actions 1 to 3. */
const BARE = [1, 2, 3] as const;

const bareRefused = (o: RunObservation) => BARE.every((i) => read.after(o, i).refused === "bare_executor");

export const BARE_EXECUTOR_COLUMNS: readonly Column[] = [
  defineColumn({
    name: "bare_executor_refused",
    family: "bare_executor",
    summary:
      "While a publish waits for approval, a caller handed the engine's registry calls executors itself (publish, always-denied shell, invalid arguments): each is refused, nothing runs; the approved publish runs once through the contract.",
    goal: "fault column",
    options: { script: [toolCall("publish_report", PUBLISH), finalAnswer("published")] },
    actions: [
      { kind: "start" },
      { kind: "bare_call", tool: "publish_report", args: PUBLISH },
      { kind: "bare_call", tool: "run_shell", args: { command: "rm -rf /" } },
      { kind: "bare_call", tool: "save_artifact", args: { name: "../etc/passwd", content: "x" } },
      { kind: "approve" },
    ],
    observe: observeRun,
    expected:
      "An executor reached past the contract runs nothing: every bare call is refused (bare_executor) with 0 executor calls and 0 side effects; the only call that runs is the approved publish, once, with its ledger entry and trace.",
    expectations: [
      behaviour(
        "a bare call ran past the contract: an executor ran, or a side effect landed",
        (o) => read.after(o, 3).executor_calls === 0 && read.after(o, 3).side_effects === 0,
        (o) => ({ calls: read.after(o, 3).executor_calls, effects: read.after(o, 3).side_effects }),
      ),
      behaviour(
        "the approved publish did not run exactly once",
        (o) => read.calls(o, "publish_report") === 1 && read.effects(o, "publish_report") === 1,
        (o) => ({ calls: o.executor_calls, effects: o.side_effects }),
      ),
      behaviour(
        "a denied or unvalidated call reached its executor (run_shell, save_artifact)",
        (o) => read.calls(o, "run_shell") === 0 && read.calls(o, "save_artifact") === 0,
        (o) => o.executor_calls,
      ),
      vocabulary("every bare call is refused with bare_executor", bareRefused, (o) =>
        o.after_each_action.map((a) => a.refused),
      ),
      vocabulary(
        "the publish still waits in approval_required after the bare calls",
        (o) => read.after(o, 3).status === "approval_required",
        (o) => read.after(o, 3).status,
      ),
      vocabulary(
        "nothing unrecorded: every key an executor saw has a completed ledger entry, every executor call a tool_succeeded",
        (o) =>
          Object.values(read.after(o, 4).ledger).every((state) => state === "completed") &&
          read.traced(o, "tool_succeeded") === read.calls(o),
        (o) => read.after(o, 4).ledger,
      ),
      vocabulary(
        "the run ends done",
        (o) => o.final_status === "done",
        (o) => o.final_status,
      ),
    ],
  }),
];
