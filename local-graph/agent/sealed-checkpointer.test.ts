import { describe, expect, it } from "vitest";
import {
  AppendList,
  createIdSource,
  isCheckpointTamperedError,
  listItems,
  startRun,
  type AgentState,
} from "../../contract/index.js";
import { createMemoryGraphCheckpointer, type GraphCheckpoint } from "../runtime/index.js";
import type { LocalGraphState } from "./build.js";
import type { AgentGraphState } from "./nodes.js";
import { sealedFormJson, sealedGraphCheckpointer } from "./sealed-checkpointer.js";

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

  it("open a record sealed here once, frozen and without its seal, so no read can change what the next one sees", () => {
    const sealed = sealedGraphCheckpointer(createMemoryGraphCheckpointer<unknown>(), SECRET);
    const started = startRun("t", "the goal", { at: 0, ids: createIdSource("seed") });
    const state = Object.freeze({ agent: started.state, trace: AppendList.from([started.trace]), outcomes: [] });
    sealed.put({ thread_id: "t", step: 1, state, next: "plan", interrupt: null });
    const first = sealed.latest("t");
    expect(first?.state).toBe(state);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).not.toHaveProperty("seal");
    expect(sealed.latest("t")).toBe(first);
    expect(sealed.list("t")[0]).toBe(first);
  });

  it("open an approval wait whose payload is frozen once too, and check one whose payload could change at every read", () => {
    const sealed = sealedGraphCheckpointer(createMemoryGraphCheckpointer<unknown>(), SECRET);
    const started = startRun("t", "the goal", { at: 0, ids: createIdSource("seed") });
    const state = Object.freeze({ agent: started.state, trace: AppendList.from([started.trace]), outcomes: [] });
    const frozen = Object.freeze({ session_id: "t", pending: Object.freeze({ call_id: "c1" }) });
    sealed.put({ thread_id: "t", step: 1, state, next: "policy", interrupt: frozen });
    expect(sealed.latest("t")).toBe(sealed.latest("t"));
    sealed.put({
      thread_id: "t",
      step: 2,
      state,
      next: "policy",
      interrupt: { session_id: "t", pending: { call_id: "c1" } },
    });
    expect(sealed.latest("t")).not.toBe(sealed.latest("t"));
  });

  it("seal each step's record by the direct writer, and a copy of it still opens by the general one", () => {
    const started = startRun("t", "the goal", { at: 0, ids: createIdSource("seed") });
    const trace = AppendList.from([started.trace]);
    const wait = Object.freeze({ kind: "approval", tool: "refund", "é\u0001": [1, -0, "x"] });
    const records: GraphCheckpoint<LocalGraphState>[] = [
      { thread_id: "t", step: 1, state: { agent: started.state, trace, outcomes: [] }, next: "plan", interrupt: null },
      {
        thread_id: 't\n"2',
        step: 7,
        state: { agent: started.state, trace: [], outcomes: [] },
        next: null,
        interrupt: null,
      },
      {
        thread_id: "t",
        step: 2,
        state: { agent: started.state, trace, outcomes: [] },
        next: "policy",
        interrupt: wait,
      },
    ];
    for (const record of records) {
      expect(sealedFormJson(record)).not.toBeNull();
      const inner = createMemoryGraphCheckpointer<unknown>();
      sealedGraphCheckpointer(inner, SECRET).put(record);
      // A structured copy is another object: the reading wrapper recomputes its form and checks the seal.
      const copied = createMemoryGraphCheckpointer<unknown>();
      const stored = inner.latest(record.thread_id) as GraphCheckpoint<LocalGraphState>;
      const state = { ...record.state, trace: listItems(record.state.trace) };
      copied.put(structuredClone({ ...stored, state }) as GraphCheckpoint<unknown>);
      expect(sealedGraphCheckpointer(copied, SECRET).latest(record.thread_id)?.step).toBe(record.step);
    }
    // Records it does not write: the general writer seals those.
    expect(sealedFormJson({ ...records[0]!, resumes: ["yes"] })).toBeNull();
    expect(sealedFormJson({ ...records[0]!, next: [] })).toBeNull();
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
});
