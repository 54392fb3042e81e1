/**
 * One spec suite per store interface, run against every implementation (stores.test.ts): the
 * contract's ledger, checkpoint store, artifact store and trace sink, and the local graph's
 * checkpointer. Expected values are the contract's semantics written out by hand, not read back
 * from an implementation. `reopen` (durable stores) is a new instance over the same data, as a
 * new process would see it.
 */
import { describe, expect, it } from "vitest";
import {
  createIdSource,
  startRun,
  toCheckpoint,
  type ArtifactStore,
  type BeginRequest,
  type CheckpointStore,
  type LedgerStore,
  type TraceEvent,
  type TraceSink,
} from "../../contract/index.js";
import type { GraphCheckpointer } from "../../local-graph/runtime/index.js";

export type Subject<T> = { readonly store: T; readonly reopen: (() => T) | null };
export type Make<T> = () => Subject<T>;

const request = (owner: string, args_digest = "d1", key = "k1", at = 5): BeginRequest => ({
  key,
  tool: "publish_report",
  args_digest,
  owner,
  at,
});
const base = { key: "k1", tool: "publish_report", args_digest: "d1", owner: "s#1" };

export function ledgerSpec(name: string, make: Make<LedgerStore>, durable: boolean): void {
  describe(`ledger spec: ${name}`, () => {
    it("a new key executes and is held in flight, not yet dispatched", () => {
      const { store } = make();
      expect(store.get("k1")).toBeUndefined();
      expect(store.begin(request("s#1"))).toEqual({ kind: "execute" });
      expect(store.get("k1")).toEqual({ ...base, state: "in_flight", dispatched: false, updated_at: 5 });
    });

    it("in flight: its owner takes it over, another owner conflicts, other arguments mismatch", () => {
      const { store } = make();
      store.begin(request("s#1"));
      expect(store.begin(request("s#1"))).toEqual({ kind: "execute" });
      expect(store.begin(request("other#1"))).toEqual({ kind: "conflict" });
      expect(store.begin(request("other#1", "d2"))).toEqual({ kind: "mismatch" });
    });

    it("records dispatch, then the outcome, which every later begin replays", () => {
      const { store } = make();
      store.begin(request("s#1"));
      store.setDispatched("k1", true, 6);
      expect(store.get("k1")).toEqual({ ...base, state: "in_flight", dispatched: true, updated_at: 6 });
      const output = { report_id: "rep_1", nested: { list: [1, "two", null], flag: true } };
      store.complete("k1", output, 7);
      expect(store.get("k1")).toEqual({ ...base, state: "completed", output, updated_at: 7 });
      expect(store.begin(request("other#2"))).toEqual({ kind: "replay", output });
      expect(store.begin(request("other#2", "d2"))).toEqual({ kind: "mismatch" });
      // A completed key is never moved back to in flight.
      store.setDispatched("k1", false, 8);
      expect(store.get("k1")).toMatchObject({ state: "completed", updated_at: 7 });
    });

    it("an uncertain key keeps answering uncertain", () => {
      const { store } = make();
      store.begin(request("s#1"));
      store.markUncertain("k1", 9);
      expect(store.get("k1")).toEqual({ ...base, state: "uncertain", updated_at: 9 });
      expect(store.begin(request("s#1"))).toEqual({ kind: "uncertain" });
      expect(store.begin(request("other#1"))).toEqual({ kind: "uncertain" });
    });

    it("release forgets a key; changes to an absent key write nothing", () => {
      const { store } = make();
      store.begin(request("s#1"));
      store.release("k1");
      expect(store.get("k1")).toBeUndefined();
      store.setDispatched("k2", true, 1);
      store.complete("k2", { x: 1 }, 1);
      store.markUncertain("k2", 1);
      expect(store.get("k2")).toBeUndefined();
      expect(store.begin(request("other#1"))).toEqual({ kind: "execute" });
    });

    it("keys are independent", () => {
      const { store } = make();
      store.begin(request("s#1", "d1", "a"));
      store.complete("a", 1, 2);
      expect(store.begin(request("s#2", "d1", "b"))).toEqual({ kind: "execute" });
      expect(store.get("a")).toMatchObject({ state: "completed", output: 1 });
      expect(store.get("b")).toMatchObject({ state: "in_flight", owner: "s#2" });
    });

    // An in-memory ledger lives and dies with its instance: only durable stores are reopened.
    if (durable)
      it("a new instance sees what the old one recorded", () => {
        const { store, reopen } = make();
        store.begin(request("s#1"));
        store.complete("k1", { ok: 1 }, 7);
        expect(reopen!().begin(request("other#1"))).toEqual({ kind: "replay", output: { ok: 1 } });
      });
  });
}

const SECRET = "store-spec-secret";
const sampleState = (session: string, goal: string) =>
  startRun(session, goal, { at: 0, ids: createIdSource("seed") }).state;

export function checkpointSpec(name: string, make: Make<CheckpointStore>, durable: boolean): void {
  describe(`checkpoint store spec: ${name}`, () => {
    it("keeps each session's checkpoints in order; latest is the last put", () => {
      const { store } = make();
      const first = toCheckpoint(sampleState("s1", "first"), SECRET);
      const second = toCheckpoint(sampleState("s1", "second"), SECRET);
      const other = toCheckpoint(sampleState("s2", "other"), SECRET);
      store.put(first);
      store.put(other);
      store.put(second);
      expect(store.list("s1")).toEqual([first, second]);
      expect(store.latest("s1")).toEqual(second);
      expect(store.list("s2")).toEqual([other]);
      expect(store.latest("nobody")).toBeUndefined();
      expect(store.list("nobody")).toEqual([]);
    });

    it("a caller changing its object after put cannot rewrite what was stored", () => {
      const { store } = make();
      const checkpoint = toCheckpoint(sampleState("s1", "kept"), SECRET);
      const mutable = JSON.parse(JSON.stringify(checkpoint)) as { state: { goal: string } };
      store.put(mutable as never);
      mutable.state.goal = "rewritten";
      expect(store.latest("s1")).toEqual(checkpoint);
    });

    if (durable)
      it("a new instance resumes from the latest checkpoint", () => {
        const { store, reopen } = make();
        store.put(toCheckpoint(sampleState("s1", "first"), SECRET));
        store.put(toCheckpoint(sampleState("s1", "second"), SECRET));
        expect(reopen!().latest("s1")).toEqual(toCheckpoint(sampleState("s1", "second"), SECRET));
      });
  });
}

export function artifactSpec(name: string, make: Make<ArtifactStore>): void {
  describe(`artifact store spec: ${name}`, () => {
    it("returns what was put under a ref, and nothing for an unknown ref", () => {
      const { store, reopen } = make();
      const body = JSON.stringify({ rows: Array.from({ length: 300 }, (_, i) => i) });
      store.put("artifact:sha256:abc", body);
      store.put("artifact:sha256:abc", body);
      expect(store.get("artifact:sha256:abc")).toBe(body);
      expect(store.get("artifact:sha256:none")).toBeUndefined();
      if (reopen !== null) expect(reopen().get("artifact:sha256:abc")).toBe(body);
    });
  });
}

const event = (session_id: string, seq: number): TraceEvent => ({
  seq,
  event_id: `${session_id}-e${seq}`,
  at: seq,
  session_id,
  step: seq,
  type: "run_started",
  tool: null,
  args_digest: null,
  args: { nested: [seq] },
  decision: null,
  result_status: null,
  reason: null,
  idempotency_key: null,
  status: "ready",
  checkpoint_hash: `h${seq}`,
});

export function traceSpec(name: string, make: Make<TraceSink>): void {
  describe(`trace sink spec: ${name}`, () => {
    it("lists a session's events in the order they were appended, apart from other sessions", () => {
      const { store, reopen } = make();
      store.append([event("a", 1), event("b", 1), event("a", 2)]);
      store.append([]);
      store.append([event("a", 3)]);
      expect(store.list("a")).toEqual([event("a", 1), event("a", 2), event("a", 3)]);
      expect(store.list("b")).toEqual([event("b", 1)]);
      expect(store.list("c")).toEqual([]);
      if (reopen !== null) expect(reopen().list("a")).toHaveLength(3);
    });
  });
}

export function graphCheckpointerSpec(name: string, make: Make<GraphCheckpointer<{ n: number }>>): void {
  describe(`graph checkpointer spec: ${name}`, () => {
    it("counts a thread's checkpoints and returns its latest", () => {
      const { store, reopen } = make();
      const at = (step: number, next: string | null) => ({
        thread_id: "t",
        step,
        state: { n: step },
        next,
        interrupt: step === 2 ? { kind: "approval" } : null,
      });
      expect(store.latest("t")).toBeUndefined();
      expect(store.count("t")).toBe(0);
      store.put(at(1, "plan"));
      store.put({ ...at(1, "plan"), thread_id: "other" });
      store.put(at(2, null));
      expect(store.count("t")).toBe(2);
      expect(store.latest("t")).toEqual(at(2, null));
      if (reopen !== null) expect(reopen().latest("t")).toEqual(at(2, null));
    });
  });
}
