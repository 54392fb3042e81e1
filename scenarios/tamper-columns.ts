/**
 * Tampering (issue 47 item 7): someone with write access to the stores edits them between turns.
 * `checkpoint_edited_while_waiting` turns a waiting publish's audience from team to public in the
 * stored state, recomputing every unkeyed hash as an attacker can: only the seal under the
 * server-held secret tells, and the engine must stop rather than act on the edit. The edit is then
 * undone and the person's approval runs the call as it was asked. `ledger_outcome_forgotten` makes
 * a completed write's ledger entry forget its outcome while a publish waits; the same write asked
 * again must not land twice. Each reaches what the engine stores (tamper.ts): an engine whose state
 * lives where the column cannot reach (a native framework's own store) is refused
 * `store_unreachable`, judged on what it did in the world, and its vocabulary is not_applicable.
 */
import { finalAnswer, toolCall } from "../handwritten/fixtures/index.js";
import { behaviour, defineColumn, vocabulary, type Column } from "./column.js";
import { codeOf, observeRun, read, toolMessagesOf, type RunObservation } from "./observe.js";
import type { RunRecord } from "./scenario.js";
import type { Action } from "./scenario.js";

const PUBLISH = { artifact: "art_weekly", audience: "team" } as const;
const SAVE = { name: "summary", content: "signups grow 3 a week" } as const;

/** The waiting publish's audience rewritten in the store. */
const audienceTo = (audience: string): Action => ({
  kind: "edit_waiting_call",
  edit: { tool: "publish_report", args: (args) => ({ ...args, audience }) },
});

const observeTamper = (record: RunRecord) => ({
  ...observeRun(record),
  unreadable: record.snapshots.map((s) => s.unreadable),
  audiences: record.env.world.data.reports.map((r) => r.audience),
});
type TamperObservation = ReturnType<typeof observeTamper>;

/** Whether the tampering action at `index` reached a stored place of the engine. */
const reached = (o: RunObservation, index: number) => read.after(o, index).refused !== "store_unreachable";
const landed = (o: TamperObservation) => ({ audiences: o.audiences, calls: o.executor_calls });

const edited = defineColumn({
  name: "checkpoint_edited_while_waiting",
  family: "tampering",
  summary:
    "A publish to the team waits for approval; someone with write access to the store rewrites the waiting call to the public audience (every unkeyed hash recomputed, the seal kept), a person approves what the engine shows and a new process resumes; then the edit is undone and the person approves again.",
  goal: "tamper column",
  options: { script: [toolCall("publish_report", PUBLISH), finalAnswer("published")] },
  actions: [
    { kind: "start" },
    audienceTo("public"),
    { kind: "approve" },
    { kind: "restart_and_resume" },
    audienceTo("team"),
    { kind: "approve" },
  ],
  observe: observeTamper,
  expected:
    "An edited stored state is never acted on: its seal fails, every read of it is refused checkpoint_tampered and nothing runs; once the edit is undone the call the person asked for runs once, to the team. An engine whose stored state the column cannot reach (store_unreachable) is judged on what it did in the world, its vocabulary not applicable.",
  expectations: [
    behaviour(
      "a publish landed with the audience written into the store (public)",
      (o: TamperObservation) => !o.audiences.includes("public"),
      landed,
    ),
    behaviour(
      "the approved publish to the team did not land exactly once",
      (o: TamperObservation) => o.audiences.join() === "team" && read.calls(o) === 1,
      landed,
    ),
    vocabulary(
      "the edited state is refused checkpoint_tampered on every read, the approval and the resume, and nothing runs",
      (o: TamperObservation) =>
        [1, 2, 3].every((i) => o.unreadable[i] === "checkpoint_tampered") &&
        read.after(o, 2).refused === "checkpoint_tampered" &&
        read.after(o, 3).refused === "checkpoint_tampered" &&
        read.after(o, 3).executor_calls === 0,
      (o) => ({ unreadable: o.unreadable, refused: o.after_each_action.map((a) => a.refused) }),
    ),
    vocabulary(
      "undone, the session waits for approval again and the run ends done",
      (o: TamperObservation) => read.after(o, 4).status === "approval_required" && o.final_status === "done",
    ),
  ],
  vocabularyApplies: (o) => reached(o, 1),
});

const KEY = "write-020";
const statusesOf = (record: RunRecord) =>
  toolMessagesOf(record)
    .filter((m) => m.tool === "save_artifact")
    .map((m) => ({ status: m.status, code: codeOf(m.content) }));

const observeForgotten = (record: RunRecord) => ({ ...observeRun(record), saves: statusesOf(record) });
type Forgotten = ReturnType<typeof observeForgotten>;

const forgotten = defineColumn({
  name: "ledger_outcome_forgotten",
  family: "tampering",
  summary:
    "A write under key write-020 completes and is sent again (replayed); while a publish waits, the ledger entry of write-020 forgets its outcome (back to in flight, dispatched), then the publish is approved and the same write is asked a third time.",
  goal: "tamper column",
  options: {
    script: [
      toolCall("save_artifact", SAVE, KEY),
      toolCall("save_artifact", SAVE, KEY),
      toolCall("publish_report", PUBLISH),
      toolCall("save_artifact", SAVE, KEY),
      finalAnswer("saved and published"),
    ],
  },
  actions: [{ kind: "start" }, { kind: "forget_outcome", key: KEY }, { kind: "approve" }],
  observe: observeForgotten,
  expected:
    "A completed write is never dispatched again: sent again it replays its stored result, and once its ledger entry has lost the outcome the same key answers a conflict (key_in_flight) or uncertain, never a second write: 1 side effect. An engine whose ledger the column cannot reach is judged on what it did in the world.",
  expectations: [
    behaviour(
      "the same write landed twice",
      (o: Forgotten) => read.effects(o, "save_artifact") === 1 && read.calls(o, "save_artifact") === 1,
      (o: Forgotten) => o.side_effects,
    ),
    behaviour(
      "the approved publish did not land exactly once",
      (o: Forgotten) => read.effects(o, "publish_report") === 1,
    ),
    vocabulary(
      "the write answers ok, then replayed, then (its outcome forgotten) key_in_flight or uncertain",
      (o: Forgotten) => {
        const [first, second, third] = o.saves;
        return (
          first?.status === "ok" &&
          second?.status === "replayed" &&
          (third?.code === "key_in_flight" || (third === undefined && o.final_status === "reconcile_required"))
        );
      },
      (o: Forgotten) => o.saves,
    ),
  ],
  vocabularyApplies: (o) => reached(o, 1),
});

const PUBLISH_KEY = "publish-030";
const published = (o: RunObservation) =>
  read.calls(o, "publish_report") === 1 && read.effects(o, "publish_report") === 1;

/** A publish that ran, then the engine's state restored to its intent (and, with `forget`, the outcome forgotten). */
const restored = (forget: boolean): Column =>
  defineColumn({
    name: forget ? "intent_restored_outcome_forgotten" : "intent_restored_outcome_kept",
    family: "tampering",
    summary: forget
      ? "An approved publish runs; its ledger entry forgets the outcome (back to in flight, dispatched) and the stored state is restored from a copy taken while the publish was executing; a new process resumes."
      : "An approved publish runs; the stored state is restored from a copy taken while the publish was executing (the ledger keeps the outcome); a new process resumes.",
    goal: "tamper column",
    options: { script: [toolCall("publish_report", PUBLISH, PUBLISH_KEY), finalAnswer("published")] },
    actions: [
      { kind: "start" },
      { kind: "approve" },
      ...(forget ? [{ kind: "forget_outcome", key: PUBLISH_KEY } as const] : []),
      { kind: "restore_to_intent" },
      { kind: "restart_and_resume" },
    ],
    observe: observeRun,
    expected: forget
      ? "A restored intent whose ledger entry lost its outcome is uncertain, never dispatched again: reconcile_required with tool_uncertain (crash_before_outcome) and 1 publish. An engine whose state the column cannot reach is judged on what it did in the world."
      : "A restored intent whose outcome the ledger holds is recovered from the ledger, never dispatched again: 1 publish and the run ends done. An engine whose state the column cannot reach is judged on what it did in the world.",
    expectations: [
      behaviour(
        "the restored publish was dispatched again: it landed twice",
        published,
        (o: RunObservation) => o.side_effects,
      ),
      forget
        ? vocabulary(
            "the new process stops in reconcile_required, tool_uncertain naming crash_before_outcome",
            (o: RunObservation) =>
              o.final_status === "reconcile_required" && o.uncertain_reasons.join() === "crash_before_outcome",
            (o: RunObservation) => ({ status: o.final_status, uncertain: o.uncertain_reasons }),
          )
        : vocabulary(
            "the new process takes the outcome from the ledger and the run ends done, nothing uncertain",
            (o: RunObservation) => o.final_status === "done" && o.uncertain_reasons.length === 0,
            (o: RunObservation) => ({ status: o.final_status, uncertain: o.uncertain_reasons }),
          ),
    ],
    vocabularyApplies: (o: RunObservation) => o.after_each_action.every((a) => a.refused !== "store_unreachable"),
  });

export const TAMPER_COLUMNS: readonly Column[] = [edited, forgotten, restored(false), restored(true)];
