/**
 * The crash matrix's DBOS rows (the heavy:crash project; left out, said on the run's `not measured:` line, without
 * PostgreSQL or the adapter: test/setup/requirements.ts). The adapter's own worker kit (dbos-adapter/src/crash-*.ts).
 * Real crashes across processes on one Postgres: a worker (crash-worker.ts) runs a DBOS engine and
 * kills itself with SIGKILL at a point of a tool call; a second process is that executor restarted: it
 * launches under the dead worker's DBOS executor id (DBOS__VMID), and DBOS's own recovery at launch
 * (`recoverPendingWorkflows([executorID])`, @dbos-inc/dbos-sdk 5.3.0 dist/src/dbos-executor.js; "when an
 * application with an executor ID restarts, it recovers pending workflows assigned to that executor ID",
 * https://docs.dbos.dev/production/self-hosting/workflow-recovery) runs the workflow on from its last
 * checkpoint. The engine's call there is a message to that workflow, as from any worker; nothing in the
 * engine takes a workflow over. What the world holds is then counted.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../durable/index.js";
import { nodeCommand } from "../../scenarios/node-command.js";
import { loadScaleEngine, measureWorkers } from "../../scripts/bench/scale/measure.js";
import { SCALE_ENGINES } from "../../scripts/bench/scale/engines.js";
import {
  INTENT_KILL_POINTS,
  KILL_POINTS,
  START_KILL_POINTS,
  REPORT_PREFIX,
  type KillPoint,
  type WorkerReport,
  type WorkerRequest,
} from "../../dbos-adapter/src/crash-protocol.js";

const url = process.env["AGENT_HARNESS_PG_URL"];
if (url === undefined) throw new Error("AGENT_HARNESS_PG_URL is not set: this suite needs a Postgres server");
const WORKER = fileURLToPath(new URL("../../dbos-adapter/src/crash-worker.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Runs one worker to its end (or its death); its report, or null when it died. */
function worker(request: WorkerRequest, executor: string, schema: string) {
  // Plain node on the run's compiled tree (about 0.7 s of CPU less per worker than tsx's loader).
  const [node, ...args] = nodeCommand(ROOT, WORKER);
  const run = spawnSync(node, [...args, JSON.stringify(request)], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, DBOS__VMID: executor, DBOS_HARNESS_SCHEMA: schema },
  });
  const line = run.stdout.split("\n").find((l) => l.startsWith(REPORT_PREFIX));
  return {
    signal: run.signal,
    report: line === undefined ? null : (JSON.parse(line.slice(REPORT_PREFIX.length)) as WorkerReport),
    stderr: run.stderr,
  };
}

/** The first worker dies at `point`; the second recovers the session. */
function crashAndRecover(engine: WorkerRequest["engine"], point: KillPoint, disable: WorkerRequest["disable"] = []) {
  const id = randomBytes(5).toString("hex");
  const base = { engine, url: url!, scope: `dbos-crash-${id}`, key: `k${id}`, point, disable };
  const schema = `dbos_crash_${id}`;
  const executor = `executor-${id}`;
  const first = worker({ ...base, role: "first" }, executor, schema);
  const second = worker({ ...base, role: "recover" }, executor, schema);
  return { first, second };
}

describe.each(["dbos_native", "dbos_hardened"] as const)(
  "%s killed with SIGKILL, recovered in another process",
  (engine) => {
    for (const point of KILL_POINTS) {
      it(`${point}: the first worker dies there, the second recovers the workflow`, () => {
        const { first, second } = crashAndRecover(engine, point);
        expect({ signal: first.signal, report: first.report }).toEqual({ signal: "SIGKILL", report: null });
        if (second.report === null) throw new Error(`the recovering worker reported nothing: ${second.stderr}`);
        const { effects, status } = second.report;
        if (engine === "dbos_hardened") {
          // At most once, always. A death after the contract's intent, before or after the effect, leaves an
          // outcome nobody knows: the recovery stops for an operator instead of running the step again.
          expect(effects).toBeLessThanOrEqual(1);
          // `recovered`: the recovery's own answer to the approval the first worker died in (its intent step
          // replayed, so the work step runs the contract's resume); a death while waiting left no such step.
          const expected = {
            before_effect: { effects: 0, status: "reconcile_required", recovered: "reconcile_required" },
            after_effect: { effects: 1, status: "reconcile_required", recovered: "reconcile_required" },
            waiting_approval: { effects: 1, status: "done", recovered: "done" },
          }[point];
          expect({ effects, status, recovered: second.report.recovered }).toEqual(expected);
        } else if (point === "after_effect") {
          // DBOS runs the step again: the world says whether the publish landed twice.
          expect(second.report.calls).toBe(2);
        } else expect(effects).toBe(1);
      });
    }
  },
);

describe("dbos_hardened killed around the contract's intent checkpoint, recovered in another process", () => {
  for (const point of INTENT_KILL_POINTS) {
    it(`${point}: the publish lands at most once`, () => {
      const { first, second } = crashAndRecover("dbos_hardened", point);
      expect(first.signal).toBe("SIGKILL");
      if (second.report === null) throw new Error(`the recovering worker reported nothing: ${second.stderr}`);
      const { effects, status } = second.report;
      // Nothing was dispatched at either point (the ledger entry is not dispatched): the contract's rule 5 lets
      // the recovery run the call, once, as the project's crash matrix expects at after_intent (test/crash/kill.test.ts).
      expect({ effects, status, calls: second.report.calls }).toEqual({ effects: 1, status: "done", calls: 1 });
    });
  }
});

describe("dbos_hardened killed inside its start, the raw goal only in the dead process's memory", () => {
  for (const point of START_KILL_POINTS) {
    it(`${point}: the recovery continues from the contract's checkpoint, without the goal, to the call's approval`, () => {
      const { first, second } = crashAndRecover("dbos_hardened", point);
      expect(first.signal).toBe("SIGKILL");
      if (second.report === null) throw new Error(`the recovering worker reported nothing: ${second.stderr}`);
      // The goal is no workflow input, so the recovered start is the contract's resume from its first checkpoint
      // (the goal as the contract kept it): the planner goes on to the high-risk call, which waits for a person.
      // `recovered`: the recovery's own answer to the start, as DBOS recorded it (not a refused start again).
      const { effects, status, calls, refused, recovered } = second.report;
      expect({ effects, status, calls, refused, recovered }).toEqual({
        effects: 0,
        status: "approval_required",
        calls: 0,
        refused: null,
        recovered: "approval_required",
      });
    });
  }
});

describe("dbos_hardened without its intent step (the ablation's piece)", () => {
  it("after_effect: the work step runs its approval again; the contract refuses it, so nothing lands twice", () => {
    const { first, second } = crashAndRecover("dbos_hardened", "after_effect", ["intent_step"]);
    expect(first.signal).toBe("SIGKILL");
    if (second.report === null) throw new Error(`the recovering worker reported nothing: ${second.stderr}`);
    // The contract's checkpoint before the effect backs the piece up on at-most-once; the piece is what
    // brings the recovery itself to reconcile_required: without it the recovery's answer to the approval the
    // first worker died in is a refusal on a session left executing, until the next operation (here the
    // recovering worker's resume, sent to the workflow) has the contract stop it for an operator.
    expect(second.report).toMatchObject({ calls: 1, recovered: "approval_not_pending", status: "reconcile_required" });
  });
});

describe("dbos_hardened in two worker processes, each session's workflow where it started", () => {
  it("an approval reaching the other worker is a DBOS message to the workflow, answered by its event", async () => {
    const entry = SCALE_ENGINES.find((e) => e.id === "dbos_hardened");
    if (entry === undefined) throw new Error("the multi-worker bench has no dbos_hardened row");
    const sessions = 6;
    const scope = `dbos_workers_${randomBytes(4).toString("hex")}`;
    const result = await measureWorkers({
      engine: await loadScaleEngine(entry.module),
      url: url!,
      workers: [entry.module, entry.module],
      sessions,
      depth: 2,
      world_latency_ms: 1,
      scope,
    });
    expect(result.effects).toEqual({ expected: sessions, landed: sessions, duplicated: 0, lost: 0 });
    expect(result.failed_ops).toBe(0);
    // Every approval ran in the other process than the session's start (the bench hands each phase over).
    expect(result.handed_over).toBe(1);
    // DBOS's own record: each approval was answered by the session's workflow under the operation's own key
    // (not by the contract over the shared stores beside it), and every workflow ended as a success.
    const db = openDatabase({ kind: "postgres", url: url! });
    if (!db.ok) throw db.error;
    try {
      const schema = `dbos_${scope}`;
      const replies = db.value.query(
        `SELECT count(*)::int AS n FROM "${schema}".workflow_events WHERE key LIKE 'reply:%' AND key <> 'reply:start'`,
      ).rows[0]?.["n"];
      const statuses = db.value.query(
        `SELECT status, count(*)::int AS n FROM "${schema}".workflow_status GROUP BY 1`,
      ).rows;
      expect(replies).toBe(sessions);
      expect(statuses).toEqual([{ status: "SUCCESS", n: sessions }]);
    } finally {
      db.value.close();
    }
  }, 120_000);
});
