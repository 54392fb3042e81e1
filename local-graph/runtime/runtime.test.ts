import { describe, expect, it } from "vitest";
import { createMemoryGraphCheckpointer, END, START, StateGraph } from "./index.js";

type S = { readonly log: readonly string[] };
const merge = (state: S, update: S): S => ({ log: [...state.log, ...update.log] });

function counterGraph() {
  const runs = { ask: 0 };
  const graph = new StateGraph<S, S>(merge)
    .addNode("a", async () => ({ log: ["a"] }))
    .addNode("ask", async (_s, ctx) => {
      runs.ask += 1;
      const answer = ctx.interrupt<string>({ question: "go?" });
      return { log: [`ask:${answer}`] };
    })
    .addNode("b", async () => ({ log: ["b"] }))
    .addEdge(START, "a")
    .addEdge("a", "ask")
    .addConditionalEdges("ask", (s) => (s.log.includes("ask:yes") ? "b" : END), ["b", END])
    .addEdge("b", END);
  return { graph, runs };
}

describe("local state graph runtime", () => {
  it("pauses at an interrupt with a checkpoint pointing at the paused node, and resumes by re-running it", async () => {
    const saver = createMemoryGraphCheckpointer<S>();
    const { graph, runs } = counterGraph();
    const app = graph.compile(saver);
    const first = await app.invoke("t", { kind: "start", state: { log: [] } });
    expect(first.interrupt).toEqual({ question: "go?" });
    expect(app.getState("t")?.next).toBe("ask");
    const second = await app.invoke("t", { kind: "resume", value: "yes" });
    expect(second.state.log).toEqual(["a", "ask:yes", "b"]);
    expect(runs.ask).toBe(2);
    expect(app.getState("t")?.next).toBeNull();
  });

  it("counts committed node executions as graph steps, not the paused one", async () => {
    const saver = createMemoryGraphCheckpointer<S>();
    const app = counterGraph().graph.compile(saver);
    await app.invoke("t", { kind: "start", state: { log: [] } });
    await app.invoke("t", { kind: "resume", value: "no" });
    expect(app.getState("t")?.step).toBe(2);
  });

  it("counts edges as LangGraph does: one per plain edge and one per conditional target", () => {
    const app = counterGraph().graph.compile(createMemoryGraphCheckpointer<S>());
    expect(app.shape()).toEqual({ nodes: 3, edges: 5, conditional_edges: 2, routers: 1 });
  });

  it("draws every node and edge as a Mermaid flowchart, routed edges dotted and self-loops last", () => {
    const app = counterGraph().graph.compile(createMemoryGraphCheckpointer<S>());
    const lines = app.diagram().split("\n");
    const edges = lines.filter((l) => l.includes("->"));
    expect(edges.length).toBe(app.shape().edges);
    expect(edges.filter((l) => l.includes("-.->")).length).toBe(app.shape().conditional_edges);
    expect(lines).toContain("\t__start__([<p>__start__</p>]):::first");
    for (const node of ["a", "ask", "b"]) expect(lines).toContain(`\t${node}(${node})`);
  });

  it("refuses a graph with an edge to an unknown node at compile time", () => {
    const graph = new StateGraph<S, S>(merge)
      .addNode("a", async () => ({ log: [] }))
      .addEdge(START, "a")
      .addEdge("a", "nowhere");
    expect(() => graph.compile(createMemoryGraphCheckpointer<S>())).toThrow(/unknown node nowhere/);
  });

  it("refuses a router answer outside its declared path map", async () => {
    const graph = new StateGraph<S, S>(merge)
      .addNode("a", async () => ({ log: [] }))
      .addNode("b", async () => ({ log: [] }))
      .addEdge(START, "a")
      .addConditionalEdges("a", () => "b", [END])
      .addEdge("b", END);
    await expect(
      graph.compile(createMemoryGraphCheckpointer<S>()).invoke("t", { kind: "start", state: { log: [] } }),
    ).rejects.toThrow(/outside its path map/);
  });

  it("stops a graph that loops forever at the recursion limit", async () => {
    const graph = new StateGraph<S, S>(merge)
      .addNode("a", async () => ({ log: ["a"] }))
      .addEdge(START, "a")
      .addEdge("a", "a");
    await expect(
      graph
        .compile(createMemoryGraphCheckpointer<S>(), { recursionLimit: 5 })
        .invoke("t", { kind: "start", state: { log: [] } }),
    ).rejects.toThrow(/recursion limit of 5/);
  });
});
