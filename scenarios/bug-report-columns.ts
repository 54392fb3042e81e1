/**
 * The public bug reports as columns (issue 49 item 4), each named after its report and playing its steps with the
 * fixture tools; a behaviour expectation names the report's unsafe outcome. Reports as read on 2026-12-07 (one
 * module engine per report in test/comparison/engines/bugs/ reproduces it):
 * - langgraphjs#992 (open; @langchain/langgraph 1.7.3): with `interrupt()` in tool handlers one ToolNode re-runs from
 *   its first line on each resume, "repeat[ing] the execution of all previously-approved tool calls".
 * - langgraph#6626 (closed; PRs #6542, #6627): parallel `interrupt()`s in one task got identical ids, so a resume
 *   value reached the wrong tool. JS 1.7.3 still hands a value to the task's next `interrupt()` reached, whichever
 *   tool it is in (langgraph-adapter/src/bug-reports.test.ts shows both reports on the pin).
 * - mastra#19633 (closed by PR #19377; @mastra/core 1.50.1): `approveToolCall({ runId, toolCallId })` resumed
 *   whatever call was suspended, so a stale approval approved a newer call the person never saw.
 * - mastra PR #20487 (#20470; @mastra/core 1.55.0): `declineToolCall` executed the declined tool when the
 *   agent-level `requireToolApproval` policy was lost on resume.
 * - mastra#24592 (closed; #5549, #7464): `mastra start` never calls `restartAllActiveWorkflowRuns()`, so a run
 *   persisted as `running` before a crash stays `running`.
 * - vercel/ai PR #15947, PR #16068 "VULN-6698" (ai 7.0.x): approvals rebuilt from client-held messages executed;
 *   without the opt-in `experimental_toolApprovalSecret` a schema-valid forged approval still executes.
 */
import { issueApprovalToken, type JsonValue } from "../contract/index.js";
import { finalAnswer, toolCall, toolCalls, type FixtureCall } from "../handwritten/fixtures/index.js";
import { EngineUsageError } from "../runtime/api.js";
import { behaviour, defineColumn, vocabulary, type Column } from "./column.js";
import { observeRun, read } from "./observe.js";
import { sendKeptToken } from "./rewind-columns.js";
import { SESSION_ID, type Action, type RunRecord } from "./scenario.js";

const TEAM = { artifact: "art_weekly", audience: "team" } as const;
const PUBLIC = { artifact: "art_weekly", audience: "public" } as const;
const publish = (id: string, args: typeof TEAM | typeof PUBLIC): FixtureCall => ({ id, tool: "publish_report", args });
const SAVE: FixtureCall = { id: "save", tool: "save_artifact", args: { name: "summary", content: "weekly summary" } };

const ANSWER = "report handled";

/** observeRun plus whether the planner's last answer reached the conversation: the run finished for its user. */
const observeReport = (record: RunRecord) => ({
  ...observeRun(record),
  answered: "final" in record.final && record.final.final === ANSWER,
});
type Observation = ReturnType<typeof observeReport>;
/** A graph engine holds a turn mid-node while it waits, so the status between actions is left out (parallel.md). */
const observeInOneNode = (record: RunRecord): Observation => {
  const o = observeReport(record);
  return { ...o, after_each_action: o.after_each_action.map((a) => ({ ...a, status: null })) };
};

type Observed = (o: Observation) => JsonValue;
const landed: Observed = (o) => ({ calls: o.executor_calls, effects: o.side_effects });
const spoken: Observed = (o) => ({ status: o.final_status, codes: read.codes(o), refused: o.approval_refusals });
const world = (unsafe: string, holds: (o: Observation) => boolean, observed: Observed = landed) =>
  behaviour(unsafe, holds, observed);
const words = (text: string, holds: (o: Observation) => boolean) => vocabulary(text, holds, spoken);

const eachKeyOnce = (o: Observation, tool: string) => Object.values(o.executor_calls[tool] ?? {}).every((n) => n === 1);

/** An approval the client built itself and signed with a key the server never issued. */
const FORGED_BY_CLIENT: Action = {
  kind: "submit_token",
  token: (env, state) => {
    const pending = state.pending_approval;
    if (pending === null) throw new EngineUsageError("approval_not_pending", "no pending call to forge for");
    const { tool, args_digest, nonce } = pending;
    const claims = { tool, args_digest, nonce, session_id: SESSION_ID, expires_at: env.clock.now() + 60_000 };
    return issueApprovalToken(claims, "a key the client made up");
  },
};

const FAMILY = { family: "bug_reports", goal: "bug report column" } as const;
const report = (
  name: string,
  summary: string,
  expected: string,
  options: Parameters<typeof defineColumn>[0]["options"],
  actions: readonly Action[],
  expectations: Parameters<typeof defineColumn<Observation>>[0]["expectations"],
  observe: (record: RunRecord) => Observation = observeReport,
): Column => defineColumn({ name, summary, expected, options, actions, observe, expectations, ...FAMILY });

export const BUG_REPORT_COLUMNS: readonly Column[] = [
  report(
    "langgraphjs_992_resume_reruns_approved_calls",
    "One node runs a turn of a write and two publishes, stopping for each publish; each resume re-runs the node from its first line.",
    "Each call runs once however often its node re-runs: the write before the first stop, each publish once after its own approval.",
    {
      batchExecution: "single_node",
      script: [toolCalls([SAVE, publish("to_team", TEAM), publish("to_public", PUBLIC)]), finalAnswer(ANSWER)],
    },
    [{ kind: "start" }, { kind: "approve" }, { kind: "approve" }],
    [
      world(
        "a call that was already approved and run ran again on a later resume",
        (o) =>
          eachKeyOnce(o, "publish_report") && eachKeyOnce(o, "save_artifact") && read.calls(o, "publish_report") === 2,
      ),
      world(
        "a publish landed before its approval",
        (o) => read.after(o, 0).side_effects <= 1 && read.after(o, 1).side_effects <= 2,
        (o) => o.after_each_action.map((a) => a.side_effects),
      ),
      world(
        "the run never answered",
        (o) => o.answered,
        (o) => o.answered,
      ),
      words("status done", (o) => o.final_status === "done"),
    ],
    observeInOneNode,
  ),
  report(
    "langgraph_6626_resume_value_to_wrong_call",
    "Two publishes in one turn each stop for a person: the first is approved, the second declined.",
    "Each answer reaches the call it was given for: the approved publish runs once, the declined one never runs.",
    { script: [toolCalls([publish("to_team", TEAM), publish("to_public", PUBLIC)]), finalAnswer(ANSWER)] },
    [{ kind: "start" }, { kind: "approve" }, { kind: "decline" }],
    [
      world(
        "an answer reached a call it was not given for: the declined publish ran too",
        (o) => read.calls(o, "publish_report") <= 1 && read.effects(o, "publish_report") <= 1,
      ),
      world("the approved publish never ran", (o) => read.effects(o, "publish_report") >= 1),
      words("the declined publish told approval_declined", (o) => read.codes(o).includes("approval_declined")),
    ],
  ),
  report(
    "mastra_19633_stale_approval_approves_newer_call",
    "A person's approval of a publish is held (a Slack button); the call is declined, the agent proposes a new publish, and the held approval arrives.",
    "An approval answers only the call it was given for: the stale approval of the declined call is refused and the newer publish, the same request under a new call that nobody saw, does not run.",
    { script: [toolCall("publish_report", TEAM), toolCall("publish_report", TEAM), finalAnswer(ANSWER)] },
    [
      { kind: "start" },
      { kind: "mint_token", as: "held" },
      { kind: "decline" },
      sendKeptToken("held"),
      { kind: "decline" },
    ],
    [
      world("a publish ran that no person approved", (o) => read.calls(o, "publish_report") === 0),
      world("the newer publish was not left to a person", (o) => read.after(o, 3).executor_calls === 0),
      words(
        "the stale approval refused (approval_not_pending, or approval_already_used: its call was decided); the newer call keeps waiting",
        (o) =>
          ["approval_not_pending", "approval_already_used"].includes(o.approval_refusals.join()) &&
          read.after(o, 3).status === "approval_required",
      ),
    ],
  ),
  report(
    "mastra_20487_decline_after_restart_runs_tool",
    "A publish waits for a person; the process restarts and resumes the run; the person declines.",
    "A decline never runs the call, in a new process as in the old: nothing is published and the model is told.",
    { script: [toolCall("publish_report", TEAM), finalAnswer(ANSWER)] },
    [{ kind: "start" }, { kind: "restart_and_resume" }, { kind: "decline" }],
    [
      world("the declined publish ran", (o) => read.calls(o, "publish_report") === 0),
      world(
        "the model was not told of the decline exactly once",
        (o) => o.tool_messages.length === 1,
        (o) => o.tool_messages.length,
      ),
      words("the model is told approval_declined", (o) => read.codes(o).join() === "approval_declined"),
    ],
  ),
  report(
    "mastra_24592_run_left_running_after_crash",
    "The process dies while an approved publish runs; a new process starts over the same stores, and an operator confirms the publish.",
    "A run in flight at a crash is taken up by the new process: it stops where a person can act (reconcile_required), the operator's confirmation is accepted, and the run answers without publishing again.",
    {
      script: [toolCall("publish_report", TEAM), finalAnswer(ANSWER)],
      faults: [{ tool: "publish_report", kind: "crash_after_effect", times: 1 }],
    },
    [{ kind: "start" }, { kind: "approve" }, { kind: "restart_and_resume" }, { kind: "reconcile", operator: "alice" }],
    [
      world(
        "after the crash the run never finished: no process took it up and no person could act on it",
        (o) => o.answered,
        (o) => ({ operator_refused: read.after(o, 3).refused, answered: o.answered }),
      ),
      world("the publish landed twice", (o) => read.calls(o, "publish_report") === 1 && read.effects(o) === 1),
      words("reconcile_required after the restart", (o) => read.after(o, 2).status === "reconcile_required"),
    ],
  ),
  report(
    "ai_15947_forged_approval_in_history",
    "A publish waits for a person; the client sends an approval it built itself (not signed by the server), then the person declines.",
    "Only an approval the server issued runs a call: the forged approval is refused (approval_bad_signature) and nothing is published.",
    { script: [toolCall("publish_report", TEAM), finalAnswer(ANSWER)] },
    [{ kind: "start" }, FORGED_BY_CLIENT, { kind: "decline" }],
    [
      world("a forged approval ran the publish", (o) => read.calls(o, "publish_report") === 0),
      words(
        "the forgery refused approval_bad_signature",
        (o) => o.approval_refusals.join() === "approval_bad_signature",
      ),
    ],
  ),
];
