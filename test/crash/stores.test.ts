/** The durable stores on their own: same answers as the in-memory ones, reopened by a new instance, and safe across processes. */
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createIdSource,
  createMemoryLedger,
  startRun,
  toCheckpoint,
  type BeginRequest,
  type LedgerStore,
  type ToolContext,
} from "../../handwritten/contract/index.js";
import {
  createDurableWorld,
  createFileArtifactStore,
  createFileCheckpointStore,
  createFileGraphCheckpointer,
  createFileLedger,
  createFileTraceSink,
  LockTimeoutError,
  readWorldData,
  withLockSync,
} from "../../durable/index.js";
import { ROOT, spawnChild } from "./harness.js";
import type { LedgerChildLine, LedgerChildRequest } from "./ledger-child.js";

const LEDGER_CHILD = join(ROOT, "test/crash/ledger-child.ts");
const scratch: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), "agent-harness-stores-"));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const ctx = (key: string): ToolContext => ({ idempotencyKey: key, signal: new AbortController().signal });

describe("the file ledger", () => {
  it("answers every operation exactly as the in-memory ledger does", () => {
    const file = createFileLedger(fresh());
    const memory = createMemoryLedger();
    const request = (owner: string, args_digest = "d1", key = "k1"): BeginRequest => ({
      key,
      tool: "save_artifact",
      args_digest,
      owner,
      at: 5,
    });
    const steps: ((l: LedgerStore) => unknown)[] = [
      (l) => l.get("k1"),
      (l) => l.begin(request("s#1")),
      (l) => l.begin(request("s#1")), // the same owner takes its own entry over after a crash
      (l) => l.begin(request("other#1")),
      (l) => l.begin(request("other#1", "d2")),
      (l) => l.setDispatched("k1", true, 6),
      (l) => l.get("k1"),
      (l) => l.complete("k1", { artifact_id: "a" }, 7),
      (l) => l.begin(request("other#2")),
      (l) => l.begin(request("s#2", "d1", "k2")),
      (l) => l.markUncertain("k2", 8),
      (l) => l.begin(request("s#3", "d1", "k2")),
      (l) => l.begin(request("s#4", "d1", "k3")),
      (l) => l.release("k3"),
      (l) => l.get("k3"),
      (l) => l.setDispatched("absent", true, 9),
    ];
    for (const step of steps) expect(step(file)).toEqual(step(memory));
    expect([...file.entries()].sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      [...memory.entries()].sort((a, b) => a.key.localeCompare(b.key)),
    );
    // A new instance (a new process) over the same directory sees the same entries.
    expect(createFileLedger(file.dir).get("k1")).toEqual(memory.get("k1"));
  });

  it("gives each key to exactly one of four processes racing to begin it", async () => {
    const dir = fresh();
    const barrier = join(dir, "barrier");
    mkdirSync(barrier);
    const keys = 60;
    let ready = 0;
    const racers = ["p1", "p2", "p3", "p4"];
    const runs = await Promise.all(
      racers.map((owner) =>
        spawnChild<LedgerChildLine>(
          LEDGER_CHILD,
          { mode: "race", dir: join(dir, "ledger"), owner, keys, barrier } satisfies LedgerChildRequest,
          {
            label: `ledger race ${owner}`,
            onLine: (line) => {
              if (line.type === "ready" && ++ready === racers.length) writeFileSync(join(barrier, "go"), "");
            },
          },
        ),
      ),
    );
    const won = runs.map((r) => r.lines.flatMap((l) => (l.type === "won" ? [l] : []))[0]!);
    const winners = won.flatMap((w) => w.keys).sort((a, b) => a - b);
    expect(winners).toEqual(Array.from({ length: keys }, (_, i) => i));
    expect(won.reduce((sum, w) => sum + w.conflicts, 0)).toBe(keys * (racers.length - 1));
  }, 60_000);

  it("breaks the lock of a process killed inside its critical section", async () => {
    const dir = join(fresh(), "ledger");
    const run = await spawnChild<LedgerChildLine>(
      LEDGER_CHILD,
      { mode: "hold", dir, key: "k1" } satisfies LedgerChildRequest,
      { label: "ledger hold" },
    );
    expect(run.killed).toBe(true);
    expect(run.signal).toBe("SIGKILL");
    const ledger = createFileLedger(dir, { timeoutMs: 5_000 });
    expect(ledger.begin({ key: "k1", tool: "save_artifact", args_digest: "d", owner: "s#1", at: 0 })).toEqual({
      kind: "execute",
    });
  }, 30_000);

  it("times out, naming the holder, on a lock a live process keeps", () => {
    const lock = join(fresh(), "held.lock");
    expect(() => withLockSync(lock, () => withLockSync(lock, () => 1, { timeoutMs: 50 }))).toThrow(LockTimeoutError);
  });
});

describe("the file checkpoint store", () => {
  const state = (goal: string) => startRun("session-1", goal, { at: 0, ids: createIdSource("seed") }).state;

  it("keeps checkpoints in order for a new instance, and ignores a log line torn by a crash", () => {
    const dir = fresh();
    const store = createFileCheckpointStore(dir);
    store.put(toCheckpoint(state("first"), "store-test-secret"));
    store.put(toCheckpoint(state("second"), "store-test-secret"));
    const file = join(dir, readdir(dir)[0]!);
    appendFileSync(file, '{"v":1,"session_id":"session-1","se'); // a write cut short
    const reopened = createFileCheckpointStore(dir);
    expect(reopened.list("session-1")).toHaveLength(2);
    expect(reopened.latest("session-1")).toEqual(toCheckpoint(state("second"), "store-test-secret"));
    expect(reopened.latest("unknown")).toBeUndefined();
  });

  it("refuses a checkpoint whose state does not match its hash", () => {
    const dir = fresh();
    const store = createFileCheckpointStore(dir);
    store.put(toCheckpoint(state("honest"), "store-test-secret"));
    const file = join(dir, readdir(dir)[0]!);
    writeFileSync(file, readFileSync(file, "utf8").replace("honest", "forged"));
    expect(() => store.latest("session-1")).toThrow(/hash/);
  });
});

describe("the other durable stores", () => {
  it("graph checkpoints, trace and artifacts survive into a new instance", () => {
    const dir = fresh();
    createFileGraphCheckpointer<{ n: number }>(join(dir, "graph")).put({
      thread_id: "t",
      step: 1,
      state: { n: 1 },
      next: "plan",
      interrupt: null,
    });
    createFileGraphCheckpointer<{ n: number }>(join(dir, "graph")).put({
      thread_id: "t",
      step: 2,
      state: { n: 2 },
      next: null,
      interrupt: null,
    });
    const graph = createFileGraphCheckpointer<{ n: number }>(join(dir, "graph"));
    expect(graph.count("t")).toBe(2);
    expect(graph.latest("t")).toEqual({ thread_id: "t", step: 2, state: { n: 2 }, next: null, interrupt: null });

    const event = {
      seq: 1,
      event_id: "e1",
      at: 0,
      session_id: "s",
      step: 0,
      type: "run_started",
      tool: null,
      args_digest: null,
      args: null,
      decision: null,
      result_status: null,
      reason: null,
      idempotency_key: null,
      status: "ready",
      checkpoint_hash: "h",
    };
    createFileTraceSink(join(dir, "trace")).append([event, { ...event, session_id: "other" }]);
    expect(createFileTraceSink(join(dir, "trace")).list("s")).toEqual([event]);

    createFileArtifactStore(join(dir, "artifacts")).put("artifact:sha256:abc", "body");
    expect(createFileArtifactStore(join(dir, "artifacts")).get("artifact:sha256:abc")).toBe("body");
    expect(createFileArtifactStore(join(dir, "artifacts")).get("artifact:sha256:none")).toBeUndefined();
  });

  it("the world keeps every executor call and effect on disk, and plays its faults once", async () => {
    const dir = fresh();
    const world = createDurableWorld(dir, { faults: [{ tool: "save_artifact", kind: "transient", times: 1 }] });
    await expect(world.perform("save_artifact", ctx("k1"), () => 1)).rejects.toThrow(/connection refused/);
    await world.perform("save_artifact", ctx("k1"), () => world.recordEffect("save_artifact", "k1"));
    // A new process over the same directory: the counts are there, the fault is not injected again.
    const again = createDurableWorld(dir, { faults: [{ tool: "save_artifact", kind: "transient", times: 1 }] });
    expect(again.totalCalls("save_artifact")).toBe(2);
    expect(again.totalEffects("save_artifact")).toBe(1);
    expect(readWorldData(dir).faults).toEqual([{ tool: "save_artifact", kind: "transient", times: 0 }]);
  });
});

function readdir(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.endsWith(".jsonl"));
}
