import { createHash } from "node:crypto";
import { describe, it, expect } from "vitest";
import { referenceStateHash } from "../handwritten/engine/test-helpers.js";
import {
  createMemoryCheckpointStore,
  hashState,
  isSealed,
  openCheckpoint,
  sealState,
  toCheckpoint,
  type Checkpoint,
} from "./checkpoint.js";
import { startRun, applyFact } from "./facts.js";
import { createIdSource } from "./ids.js";
import type { AgentState } from "./state.js";

const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const ids = createIdSource("seed");
const SECRET = "checkpoint-test-secret";

describe("checkpoint hashes", () => {
  it("follows the chained-list rule of state-hash.ts, written again in the test helpers", () => {
    const started = startRun("s1", "goal", { at: 42, ids }).state;
    const planned = applyFact(started, { type: "planner_responded", raw: "{}" }, { at: 43, ids }).state;
    for (const state of [started, planned]) {
      expect(state.checkpoint_hash).toBe(referenceStateHash(state, nodeSha256));
      expect(hashState(state)).toBe(state.checkpoint_hash);
    }
  });

  it("hashes a state read back from JSON like the state it was written from", () => {
    const started = startRun("s1", "goal", { at: 42, ids }).state;
    const planned = applyFact(started, { type: "planner_responded", raw: "{}" }, { at: 43, ids }).state;
    expect(hashState(JSON.parse(JSON.stringify(planned)) as AgentState)).toBe(planned.checkpoint_hash);
  });

  it("changes when any part of the state changes", () => {
    const { state } = startRun("s1", "goal", { at: 42, ids });
    const other = sealState<AgentState>({ ...state, messages: [{ role: "user", content: "another goal" }] });
    expect(other.checkpoint_hash).not.toBe(state.checkpoint_hash);
  });

  it("does not depend on the stale hash already in the state", () => {
    const { state } = startRun("s1", "goal", { at: 42, ids });
    expect(hashState({ ...state, checkpoint_hash: "stale" })).toBe(state.checkpoint_hash);
  });
});

describe("createMemoryCheckpointStore", () => {
  it("returns the latest checkpoint of a session and keeps the whole list", () => {
    const store = createMemoryCheckpointStore();
    const first = startRun("s1", "goal", { at: 0, ids }).state;
    const second = applyFact(first, { type: "planner_responded", raw: "{}" }, { at: 1, ids }).state;
    store.put(toCheckpoint(first, SECRET));
    store.put(toCheckpoint(second, SECRET));
    store.put(toCheckpoint(startRun("s2", "other", { at: 0, ids }).state, SECRET));
    expect(store.latest("s1")?.seq).toBe(1);
    expect(store.list("s1").map((c) => c.checkpoint_hash)).toEqual([first.checkpoint_hash, second.checkpoint_hash]);
    expect(store.latest("missing")).toBeUndefined();
    expect(store.list("missing")).toEqual([]);
  });

  it("with keep: latest, holds each session's latest checkpoint only, and lists that one", () => {
    const store = createMemoryCheckpointStore({ keep: "latest" });
    const first = startRun("s1", "goal", { at: 0, ids }).state;
    const second = applyFact(first, { type: "planner_responded", raw: "{}" }, { at: 1, ids }).state;
    const other = startRun("s2", "other", { at: 0, ids }).state;
    store.put(toCheckpoint(first, SECRET));
    store.put(toCheckpoint(other, SECRET));
    store.put(toCheckpoint(second, SECRET));
    expect(store.latest("s1")?.checkpoint_hash).toBe(second.checkpoint_hash);
    expect(store.list("s1").map((c) => c.checkpoint_hash)).toEqual([second.checkpoint_hash]);
    expect(store.list("s2").map((c) => c.checkpoint_hash)).toEqual([other.checkpoint_hash]);
    expect(store.list("missing")).toEqual([]);
  });

  it("keeps a sealed state as it is: nothing in it can be mutated", () => {
    const store = createMemoryCheckpointStore();
    const state = startRun("s1", "goal", { at: 0, ids }).state;
    expect(isSealed(state)).toBe(true);
    store.put(toCheckpoint(state, SECRET));
    const messages = state.messages as { role: string; content: string }[];
    expect(() => messages.push({ role: "user", content: "injected" })).toThrow(TypeError);
    expect(() => Object.assign(messages[0] ?? {}, { content: "rewritten" })).toThrow(TypeError);
    expect(store.latest("s1")?.state).toBe(state);
    expect(store.latest("s1")?.state.messages).toEqual([{ role: "user", content: "goal" }]);
  });

  it("stores a copy of a state it did not see sealed, so mutating the caller's object cannot rewrite history", () => {
    const store = createMemoryCheckpointStore();
    const state = JSON.parse(JSON.stringify(startRun("s1", "goal", { at: 0, ids }).state)) as AgentState;
    const checkpoint = toCheckpoint(state, SECRET);
    store.put(checkpoint);
    (checkpoint.state.messages as { role: string; content: string }[]).push({ role: "user", content: "injected" });
    expect(store.latest("s1")?.state.messages).toHaveLength(1);
  });
});

describe("openCheckpoint", () => {
  it("refuses a record whose state carries another hash than its sealed header, though its fields are intact", () => {
    const record = JSON.parse(JSON.stringify(toCheckpoint(startRun("s1", "goal", { at: 0, ids }).state, SECRET))) as {
      state: { checkpoint_hash: string };
    };
    record.state.checkpoint_hash = "0".repeat(64);
    const opened = openCheckpoint(record as unknown as Checkpoint, "s1", SECRET);
    expect(opened).toMatchObject({ ok: false, error: { code: "checkpoint_tampered", session_id: "s1" } });
  });
});
