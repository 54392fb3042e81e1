/**
 * The model the layer's engine hands the SDK: each request is one planner turn of the contract's
 * reducer (the planner asked once, its output validated and decided), shown to the SDK as the
 * turn's function calls, or as a message when the run waits or has ended. The SDK then decides what
 * runs: its schema check, its approval switch, its tools.
 */
import { Usage, type Model, type ModelResponse } from "@openai/agents";
import type { AgentState } from "../../../contract/index.js";
import type { Driver } from "../../../runtime/index.js";
import { callsOfTurn } from "../../../runtime/index.js";

const text = (value: string): ModelResponse => ({
  usage: new Usage(),
  output: [
    { type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: value }] },
  ],
});

export function plannerModel(driver: Driver): Model {
  let shown: string | null = null;
  const current = (): AgentState => {
    const state = driver.state();
    if (state === null) throw new Error("the driver holds no session");
    return state;
  };
  return {
    async getResponse(): Promise<ModelResponse> {
      // A turn whose calls were all refused ends inside the contract (their answers are in its messages): plan again.
      while (driver.effects()[0]?.type === "planner/request") {
        await driver.performNext();
        if (callsOfTurn(current()).length > 0) break;
      }
      const state = current();
      // The same checkpoint twice means the tools moved nothing: the run waits, so the SDK stops.
      const calls = state.checkpoint_hash === shown ? [] : callsOfTurn(state);
      shown = state.checkpoint_hash;
      if (calls.length === 0) return text(state.status === "done" ? state.final : state.status);
      return {
        usage: new Usage(),
        output: calls.map((c) => ({
          type: "function_call" as const,
          callId: c.callId,
          name: c.name,
          arguments: JSON.stringify(c.args),
          status: "completed" as const,
        })),
      };
    },
    getStreamedResponse() {
      throw new Error("the harness runs the SDK without streaming");
    },
  };
}
