import { describe, expect, it } from "vitest";
import { createIdSource, isCheckpointTamperedError, startRun, type AgentState } from "../../contract/index.js";
import { createMemoryGraphCheckpointer, type GraphCheckpoint } from "../runtime/index.js";
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
});
