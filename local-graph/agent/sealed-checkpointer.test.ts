import { describe, expect, it } from "vitest";
import {
  AppendList,
  createIdSource,
  digestOfList,
  installedHashing,
  installHashing,
  isCheckpointTamperedError,
  listItems,
  sealOf,
  startRun,
  type AgentState,
} from "../../contract/index.js";
import { createMemoryGraphCheckpointer, type GraphCheckpoint } from "../runtime/index.js";
import { mergeAgentUpdate } from "./build.js";
import type { AgentGraphState } from "./nodes.js";
import { sealedGraphCheckpointer } from "./sealed-checkpointer.js";

const SECRET = "graph-seal-test-secret";

function stored() {
  const inner = createMemoryGraphCheckpointer<unknown>();
  const sealed = sealedGraphCheckpointer(inner, SECRET);
  const started = startRun("t", "the goal", { at: 0, ids: createIdSource("seed") });
  sealed.put({
    thread_id: "t",
    step: 1,
    state: { agent: started.state, trace: [started.trace], outcomes: [] },
    next: "plan",
    interrupt: null,
  });
  return { inner, sealed, agent: started.state };
}

function thrown(run: () => unknown): unknown {
  try {
    run();
    return null;
  } catch (error) {
    return error;
  }
}

describe("the local graph's sealed checkpoints", () => {
  it("open as written", () => {
    const { sealed, agent } = stored();
    expect(sealed.latest("t")?.state.agent).toBe(agent);
  });

  it("refuse a record whose agent state was replaced by an edited copy that keeps the old hash field", () => {
    const { inner, sealed, agent } = stored();
    const record = inner.latest("t") as GraphCheckpoint<AgentGraphState> & { seal: string };
    const edited: AgentState = { ...agent, messages: [{ role: "user", content: "another goal" }] };
    inner.put({ ...record, state: { ...record.state, agent: edited } });
    expect(isCheckpointTamperedError(thrown(() => sealed.latest("t")))).toBe(true);
  });

  it("refuse a fan-out record whose packet was sent to another call, or carries an edited trace", () => {
    const { inner, sealed } = stored();
    const base = sealed.latest("t");
    if (base === undefined) throw new Error("nothing stored");
    const packet = (dispatch: string, trace = base.state.trace) => ({
      node: "execute",
      arg: { ...base.state, trace, dispatch },
    });
    sealed.put({ ...base, step: 2, next: [packet("c1"), packet("c2")] });
    expect(sealed.latest("t")?.next).toHaveLength(2);
    const record = inner.latest("t") as GraphCheckpoint<AgentGraphState> & { seal: string };
    const edited = [{ ...listItems(base.state.trace)[0]!, status: "done" }];
    for (const next of [
      [packet("c1"), packet("c3")],
      [packet("c1", edited), packet("c2")],
    ]) {
      inner.put({ ...record, next });
      expect(isCheckpointTamperedError(thrown(() => sealed.latest("t")))).toBe(true);
    }
  });

  it("check again a record sealed here whose covered parts could still be edited in place", () => {
    const inner = createMemoryGraphCheckpointer<unknown>();
    const sealed = sealedGraphCheckpointer(inner, SECRET);
    const started = startRun("t", "the goal", { at: 0, ids: createIdSource("seed") });
    const other = startRun("t", "another goal", { at: 0, ids: createIdSource("seed") });
    const trace = AppendList.from([started.trace]);
    // Everything else as a record the fast path trusts: a sealed agent state and a trace that keeps its digest.
    const state = { agent: started.state, trace, outcomes: [] };
    sealed.put({ thread_id: "t", step: 1, state, next: "plan", interrupt: null });
    state.agent = other.state;
    expect(isCheckpointTamperedError(thrown(() => sealed.latest("t")))).toBe(true);

    const payload = { question: "go?" };
    sealed.put({ thread_id: "t", step: 2, state: Object.freeze({ ...state }), next: "plan", interrupt: payload });
    payload.question = "stop?";
    expect(isCheckpointTamperedError(thrown(() => sealed.latest("t")))).toBe(true);
  });

  describe("a node's checkpoint, whose state the graph merged and nothing can change", () => {
    function merged() {
      const inner = createMemoryGraphCheckpointer<unknown>();
      const sealed = sealedGraphCheckpointer(inner, SECRET);
      const started = startRun("t", "the goal", { at: 0, ids: createIdSource("seed") });
      const state = mergeAgentUpdate({ agent: started.state, trace: [], outcomes: [] }, { trace: [started.trace] });
      const checkpoint = { thread_id: "t", step: 1, state, next: "plan", interrupt: null };
      sealed.put(checkpoint);
      return { inner, sealed, checkpoint };
    }

    /** Runs `body` counting the HMACs computed meanwhile. */
    function hmacsDuring(body: () => void): number {
      const base = installedHashing();
      let count = 0;
      installHashing({ ...base, hmacSha256Hex: (secret, message) => (count++, base.hmacSha256Hex(secret, message)) });
      try {
        body();
      } finally {
        installHashing(base);
      }
      return count;
    }

    it("carries the seal of its agent state's hash and its trace's chain digest, as any record", () => {
      const { inner, checkpoint } = merged();
      const { state } = checkpoint;
      const expected = sealOf(SECRET, "t", {
        ...checkpoint,
        state: { agent: state.agent.checkpoint_hash, trace: digestOfList(state.trace) },
      });
      expect((inner.latest("t") as { seal?: string }).seal).toBe(expected);
      expect(JSON.parse(JSON.stringify(inner.latest("t"))).seal).toBe(expected);
    });

    it("computes its seal only when a copy is taken, and is read back without one", () => {
      let stores: ReturnType<typeof merged> | undefined;
      expect(hmacsDuring(() => (stores = merged()))).toBe(0);
      const { inner, sealed, checkpoint } = stores!;
      expect(hmacsDuring(() => expect(sealed.latest("t")).toEqual(checkpoint))).toBe(0);
      expect(hmacsDuring(() => JSON.stringify(inner.latest("t")))).toBe(1);
      expect(hmacsDuring(() => JSON.stringify(inner.latest("t")))).toBe(0);
    });

    it("refuses a copy of it with its agent state replaced", () => {
      const { inner, sealed } = merged();
      const record = inner.latest("t") as GraphCheckpoint<AgentGraphState>;
      const other = startRun("t", "another goal", { at: 0, ids: createIdSource("seed") });
      inner.put({ ...record, state: { ...record.state, agent: other.state } });
      expect(isCheckpointTamperedError(thrown(() => sealed.latest("t")))).toBe(true);
    });
  });
});
