import { describe, expect, it } from "vitest";
import { createEnvironment } from "../../handwritten/fixtures/environment.js";
import { buildAnchorGraph, runAnchor, type AnchorWorkload } from "./bare-anchor.js";
import { langgraphFactory } from "./engine.js";
import { shapeOf } from "./shape.js";

/** Two calls' worth of messages and events: [goal, (assistant, tool) × 2, final] and 1 + 5 × 2 + 2 events. */
const calls = 2;
const workload: AnchorWorkload = {
  messages: Object.freeze([
    { role: "user", content: "goal" },
    { role: "assistant", content: "{}" },
    { role: "tool", content: "one" },
    { role: "assistant", content: "{}" },
    { role: "tool", content: "two" },
    { role: "assistant", content: "{}" },
  ]),
  trace: Object.freeze(Array.from({ length: 1 + 5 * calls + 2 }, (_, seq) => Object.freeze({ seq }))),
  eventsPerCall: 5,
  calls,
};

describe("the bench's bare LangGraph anchor", () => {
  it("has the engine's shape: the same nodes, edges, conditional edges and routers", async () => {
    // adapter ÷ anchor must not count a difference of graph topology as the adapter's overhead.
    const engine = await langgraphFactory.shape(createEnvironment({ script: [] }));
    expect(await shapeOf(buildAnchorGraph(workload))).toEqual(engine);
  });

  it("plays the calls after the seeded ones to the end, four node entries per call and one for the final answer", async () => {
    const before = Number(process.hrtime.bigint() / 1000n);
    const run = await runAnchor(workload, 1);
    const after = Number(process.hrtime.bigint() / 1000n);
    expect(run.graph_steps).toBe(4 * (calls - 1) + 2);
    expect(run.facts).toBe(workload.trace.length - (1 + 5));
    // The timed span, on the monotonic clock, lies inside the call (seeding came before it).
    expect(run.started_us).toBeGreaterThan(before);
    expect(run.started_us + run.us).toBeLessThanOrEqual(after + 1);
  });
});
