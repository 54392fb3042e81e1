import { describe, expect, it } from "vitest";
import { createMemoryGraphCheckpointer, END, START, StateGraph } from "./index.js";

/** `task` is set on a fan-out task's input only, as LangGraph's Send passes its argument. */
type S = { readonly log: readonly string[]; readonly task?: string };
const merge = (state: S, update: S): S => ({ log: [...state.log, ...update.log] });

function fanOutGraph(work: (task: string) => Promise<string>) {
  const runs: string[] = [];
  const graph = new StateGraph<S, S>(merge)
    .addNode("split", async () => ({ log: ["split"] }))
    .addNode("work", async (s) => {
      runs.push(s.task ?? "?");
      return { log: [await work(s.task ?? "?")] };
    })
    .addEdge(START, "split")
    .addConditionalEdges("split", (s) => ["x", "y", "z"].map((task) => ({ node: "work", arg: { ...s, task } })), [
      "work",
    ])
    .addEdge("work", END);
  return { graph, runs };
}

describe("fan-out on the local runtime (modelled on LangGraph's Send)", () => {
  it("runs the tasks of one step in parallel and applies their writes together, in packet order", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    const { graph } = fanOutGraph(async (task) => {
      started.push(task);
      if (started.length === 3) release();
      await gate; // no task finishes before all three have started
      // x finishes last, yet its write is merged first: the order is the packets', not completion's.
      if (task === "x") for (let i = 0; i < 5; i += 1) await Promise.resolve();
      return `done:${task}`;
    });
    const saver = createMemoryGraphCheckpointer<S>();
    const app = graph.compile(saver);
    const result = await app.invoke("t", { kind: "start", state: { log: [] } });
    expect(started).toEqual(["x", "y", "z"]);
    expect(result.state.log).toEqual(["split", "done:x", "done:y", "done:z"]);
    // One node step plus three tasks; no checkpoint ever holds a partly merged step.
    expect(result.steps).toBe(4);
    expect(app.getState("t")?.state.log).toEqual(result.state.log);
  });

  it("keeps a finished task's write when a sibling fails, and re-runs only the failed task", async () => {
    let failY = true;
    const { graph, runs } = fanOutGraph(async (task) => {
      if (task === "y" && failY) {
        failY = false;
        throw new Error("process died");
      }
      return `done:${task}`;
    });
    const saver = createMemoryGraphCheckpointer<S>();
    const app = graph.compile(saver);
    await expect(app.invoke("t", { kind: "start", state: { log: [] } })).rejects.toThrow("process died");
    const saved = app.getState("t");
    expect(saved?.state.log).toEqual(["split"]);
    expect(saved?.pending?.map((w) => (w === null ? null : (w as S).log))).toEqual([["done:x"], null, ["done:z"]]);

    const resumed = await app.invoke("t", { kind: "resume" });
    expect(resumed.state.log).toEqual(["split", "done:x", "done:y", "done:z"]);
    expect(runs).toEqual(["x", "y", "z", "y"]);
  });

  it("refuses a packet for a node outside the router's path map", async () => {
    const graph = new StateGraph<S, S>(merge)
      .addNode("split", async () => ({ log: [] }))
      .addNode("work", async () => ({ log: [] }))
      .addEdge(START, "split")
      .addConditionalEdges("split", (s) => [{ node: "work", arg: s }], [END])
      .addEdge("work", END);
    await expect(
      graph.compile(createMemoryGraphCheckpointer<S>()).invoke("t", { kind: "start", state: { log: [] } }),
    ).rejects.toThrow(/outside its path map/);
  });

  it("gives a node re-run after its second interrupt the first answer again, then the second (by index)", async () => {
    const asked: string[] = [];
    const graph = new StateGraph<S, S>(merge)
      .addNode("ask", async (_s, ctx) => {
        const first = ctx.interrupt<string>("first?");
        asked.push(first);
        const second = ctx.interrupt<string>("second?");
        return { log: [first, second] };
      })
      .addEdge(START, "ask")
      .addEdge("ask", END);
    const app = graph.compile(createMemoryGraphCheckpointer<S>());
    expect((await app.invoke("t", { kind: "start", state: { log: [] } })).interrupt).toBe("first?");
    expect((await app.invoke("t", { kind: "resume", value: "a" })).interrupt).toBe("second?");
    expect((await app.invoke("t", { kind: "resume" })).interrupt).toBe("second?");
    const done = await app.invoke("t", { kind: "resume", value: "b" });
    expect(done.state.log).toEqual(["a", "b"]);
    expect(asked).toEqual(["a", "a", "a"]);
  });
});
