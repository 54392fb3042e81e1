/**
 * The model the layer's engine hands createAgent: each call is one planner turn of the contract's
 * reducer (the planner asked once, its output validated and decided), shown to LangChain as the
 * turn's tool calls, or as a message when the run waits or has ended. LangChain then decides what
 * runs: its schema check, humanInTheLoopMiddleware, its tool node.
 */
import { callsOfTurn, type Driver } from "../../../runtime/index.js";
import type { AgentState } from "../../../contract/index.js";
import { aiMessage, ScriptedChatModel } from "../chat-model.js";

export function plannerChatModel(driver: Driver): ScriptedChatModel {
  let shown: string | null = null;
  const current = (): AgentState => {
    const state = driver.state();
    if (state === null) throw new Error("the driver holds no session");
    return state;
  };
  return new ScriptedChatModel(async () => {
    // A turn whose calls were all refused ends inside the contract (their answers are in its messages): plan again.
    while (driver.effects()[0]?.type === "planner/request") {
      await driver.performNext();
      if (callsOfTurn(current()).length > 0) break;
    }
    const state = current();
    // The same checkpoint twice means the tools moved nothing: the run waits, so the agent stops.
    const calls = state.checkpoint_hash === shown ? [] : callsOfTurn(state);
    shown = state.checkpoint_hash;
    if (calls.length === 0) return aiMessage(state.status === "done" ? state.final : state.status, []);
    return aiMessage(
      "",
      calls.map((c) => ({ id: c.callId, name: c.name, args: c.args })),
    );
  });
}
