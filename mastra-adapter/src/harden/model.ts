/**
 * The model the layer hands Mastra: each model turn is one planner turn of the contract's reducer
 * (the planner asked once, its output validated and decided), shown to Mastra as the turn's tool
 * calls under ids that name the contract's call, or as text when the run waits or has ended. Mastra
 * then decides what runs: its schema check, its approval switch, its tools. A call is shown once.
 */
import type { AgentState } from "../../../contract/index.js";
import type { Driver } from "../../../runtime/index.js";
import { text, toolCall, turnModel } from "../model.js";
import { surfacedCalls, type SurfacedCall } from "./calls.js";

/** The model; `surfaced` collects the calls it has shown Mastra in this session (by toolCallId). */
export function plannerModel(driver: Driver, surfaced: Map<string, SurfacedCall>) {
  const current = (): AgentState => {
    const state = driver.state();
    if (state === null) throw new Error("the driver holds no session");
    return state;
  };
  const model = turnModel("harness-planner", async () => {
    // A turn whose calls were all refused ends inside the contract (their answers are in its messages): plan again.
    while (driver.effects()[0]?.type === "planner/request") {
      await driver.performNext();
      if (surfacedCalls(current()).some((c) => !surfaced.has(c.toolCallId))) break;
    }
    const state = current();
    const calls = surfacedCalls(state).filter((c) => !surfaced.has(c.toolCallId));
    if (calls.length === 0) return [text(state.status === "done" ? state.final : state.status)];
    for (const c of calls) surfaced.set(c.toolCallId, c);
    return calls.map((c) => toolCall(c.toolCallId, c.tool, c.args));
  });
  return model;
}
