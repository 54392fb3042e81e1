/**
 * One approval reaches two workers at once, on SQLite and on Postgres (two processes on one store, started by a
 * barrier): an at-least-once queue may deliver it twice. Exactly one worker's approval runs the call, once; the
 * other is refused or told `session_busy`; the session's trace says approved once; no session is left waiting
 * with its nonce spent (the lost call the multi-worker bench found when the claim, the trace and the checkpoint
 * were not one transaction).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { approvePending } from "../../contract/index.js";
import { createDurableEnvironment, readWorld } from "../../durable/index.js";
import { finalAnswer, toolCall } from "../../handwritten/fixtures/index.js";
import { engineContextOf } from "../../runtime/index.js";
import { handwrittenFactory } from "../../scenarios/index.js";
import { ROOT } from "../crash/harness.js";
import { paced } from "../setup/pace.js";
import type { ApprovalRaceLine, ApprovalRaceRequest } from "./approval-race-child.js";
import { raceChildren } from "./race-barrier.js";
import { freshStore, MEASURED_KINDS, type StoreKind } from "./targets.js";

const CHILD = join(ROOT, "test/stores/approval-race-child.ts");
const WORKERS = 2;
const SESSIONS = 80;
const TOOL = "publish_report";
const SCRIPT = [toolCall(TOOL, { artifact: "art_weekly", audience: "team" }), finalAnswer("published")];

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-approval-race-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Session = { readonly key: string; readonly token: string };
type Raced = {
  readonly sessions: ReadonlyMap<string, Session>;
  readonly outcomes: readonly Readonly<Record<string, string>>[];
  readonly effects: Readonly<Record<string, number>>;
  readonly statuses: ReadonlyMap<string, string | undefined>;
  readonly approvedInTrace: ReadonlyMap<string, number>;
};

/** Starts every session until it waits, hands each one's token to both workers at once, then reads the store. */
async function race(kind: StoreKind): Promise<Raced> {
  const dir = mkdtempSync(join(scratch, `${kind}-`));
  const { spec, scope } = freshStore(kind, dir);
  const open = () =>
    createDurableEnvironment({ store: spec, scope, script: SCRIPT, spentJournal: join(dir, "p.spent") });
  const env = open();
  const engine = handwrittenFactory.create(engineContextOf(env));
  const sessions = new Map<string, Session>();
  for (let i = 0; i < SESSIONS; i += 1) {
    const id = `s${i}`;
    const started = await engine.start(id, "publish the weekly report");
    if (!started.ok || started.value.status !== "approval_required") throw new Error(`${id} did not wait`);
    const pending = started.value.pending_approval;
    const token = approvePending(pending, id, env.secret, env.clock.now());
    sessions.set(id, { key: pending.idempotency_key, token });
  }
  env.db.close();
  const tokens = Object.fromEntries([...sessions].map(([id, s]) => [id, s.token]));
  const lines = await raceChildren<ApprovalRaceRequest, ApprovalRaceLine, "answered">(
    dir,
    {
      child: CHILD,
      count: WORKERS,
      label: `approval race ${kind}`,
      request: (w, barrier) => ({ store: spec, scope, worker: `w${w}`, dir, script: SCRIPT, tokens, barrier }),
    },
    "answered",
  );
  const after = open();
  try {
    const statuses = new Map([...sessions.keys()].map((id) => [id, after.checkpoints.latest(id)?.state.status]));
    const approvedInTrace = new Map(
      [...sessions.keys()].map((id) => [id, after.trace.list(id).filter((e) => e.decision === "approved").length]),
    );
    const effects = readWorld(after.db, scope)?.effects[TOOL] ?? {};
    return { sessions, outcomes: lines.map((line) => line.outcomes), effects, statuses, approvedInTrace };
  } finally {
    after.db.close();
  }
}

describe(`one approval handed to ${WORKERS} workers at once, for ${SESSIONS} sessions`, () => {
  for (const kind of MEASURED_KINDS) {
    it(
      `${kind}: each call runs once, one worker finishes it, the trace says approved once`,
      async () => {
        const raced = await race(kind);
        const ids = [...raced.sessions.keys()];
        // Lost (0) or duplicated (2) effects, per session's key.
        const wrongEffects = ids.filter((id) => raced.effects[raced.sessions.get(id)!.key] !== 1);
        expect(wrongEffects).toEqual([]);
        expect(ids.filter((id) => raced.statuses.get(id) !== "done")).toEqual([]);
        expect(ids.filter((id) => raced.approvedInTrace.get(id) !== 1)).toEqual([]);
        for (const id of ids) {
          const answers = raced.outcomes.map((outcome) => outcome[id]).sort();
          expect(
            answers.filter((answer) => answer === "done"),
            id,
          ).toHaveLength(1);
          const other = answers.find((answer) => answer !== "done");
          expect(["approval_already_used", "approval_not_pending", "session_busy"], id).toContain(other);
        }
      },
      paced(240_000),
    );
  }
});
