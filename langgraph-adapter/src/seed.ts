/**
 * Installs a session that is already under way on the LangGraph engine, for the bench's
 * session-length measure: the state and trace a run left after some calls are written as if
 * `execute` had produced them (as an audited reconcile does), so `resume` continues with the
 * next planner turn. Only the adapter may touch LangGraph's API; the bench loads this dynamically.
 */
import type { AgentState, TraceEvent } from "../../contract/index.js";
import type { EngineContext } from "../../runtime/index.js";
import { sealedCheckpointerOf } from "./checkpointer.js";
import { buildLangGraphAgentGraph } from "./graph.js";

export async function seedLangGraphSession(
  env: EngineContext,
  session_id: string,
  agent: AgentState,
  trace: readonly TraceEvent[],
): Promise<void> {
  if (agent.status !== "ready") throw new Error(`a seeded session must be ready to plan, not ${agent.status}`);
  const graph = buildLangGraphAgentGraph(env, { checkpointer: sealedCheckpointerOf(env) });
  await graph.updateState({ configurable: { thread_id: session_id } }, { agent, trace }, "execute");
}
