/**
 * Two bug reports checked on the pinned @langchain/langgraph itself (1.7.3), as the bug-report columns model them
 * (scenarios/bug-report-columns.ts; docs: langchain-ai.github.io/langgraphjs "Human-in-the-loop", interrupt()):
 * - langgraphjs#992: a node that calls `interrupt()` from its tool handlers re-runs from its first line on every
 *   resume, so each handler that ran before the interrupt runs again, approved ones included.
 * - langgraph#6626 / #6533: a resume value goes to whichever `interrupt()` of the task is reached first
 *   (dist/interrupt.js: by the task's interrupt counter; the id is `XXH3(namespace|answered)`, not the call's), so
 *   when parallel handlers reach their interrupts in another order on the re-run, the value reaches the wrong tool.
 */
import { describe, expect, it } from "vitest";
import { Annotation, Command, interrupt, MemorySaver, START, StateGraph } from "./langgraph.js";

const State = Annotation.Root({ done: Annotation<string[]>({ reducer: (a, b) => [...a, ...b], default: () => [] }) });
const config = (thread: string) => ({ configurable: { thread_id: thread } });

describe("the pinned LangGraph.js shows the reported bugs", () => {
  it("langgraphjs#992: each resume re-runs every handler that ran before, approved ones included", async () => {
    const ran: string[] = [];
    const handler = (tool: string, gated: boolean) => {
      if (gated && interrupt({ tool }) !== "approve") return;
      ran.push(tool);
    };
    const graph = new StateGraph(State)
      .addNode("tools", () => {
        handler("save", false);
        handler("publish_team", true);
        handler("publish_public", true);
        return { done: ["turn"] };
      })
      .addEdge(START, "tools")
      .compile({ checkpointer: new MemorySaver() });
    await graph.invoke({ done: [] }, config("992"));
    await graph.invoke(new Command({ resume: "approve" }), config("992"));
    await graph.invoke(new Command({ resume: "approve" }), config("992"));
    expect(ran).toEqual(["save", "save", "publish_team", "save", "publish_team", "publish_public"]);
  });

  it("langgraph#6626: the person's answer to one tool reaches its sibling when the order of interrupts changes", async () => {
    const ran: string[] = [];
    let run = 0;
    const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
    const handler = async (tool: string, wait: number) => {
      for (let i = 0; i < wait; i++) await tick();
      const answer: unknown = interrupt({ tool });
      if (answer === "approve") ran.push(tool);
    };
    const graph = new StateGraph(State)
      .addNode("tools", async () => {
        run += 1;
        // The first run reaches publish_public's interrupt first; the re-run reaches publish_team's first.
        await Promise.all([handler("publish_team", run === 1 ? 2 : 0), handler("publish_public", run === 1 ? 0 : 2)]);
        return { done: ["turn"] };
      })
      .addEdge(START, "tools")
      .compile({ checkpointer: new MemorySaver() });
    await graph.invoke({ done: [] }, config("6626"));
    const shown = (await graph.getState(config("6626"))).tasks.flatMap((t) => t.interrupts.map((i) => i.value));
    expect(shown).toEqual([{ tool: "publish_public" }]);
    // The person approves the call they were shown: publish_public.
    await graph.invoke(new Command({ resume: "approve" }), config("6626"));
    expect(ran).toEqual(["publish_team"]);
  });
});
