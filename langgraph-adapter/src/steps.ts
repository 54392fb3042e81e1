/**
 * Graph steps from LangGraph's own checkpoints, counted as the local runtime counts them:
 * committed executions of the four agent nodes. A superstep is committed when LangGraph writes
 * the `loop` checkpoint after it; the tasks it ran are the tasks of that checkpoint's parent.
 * So the `__start__` superstep (input handling) is not counted, a node paused at `interrupt()`
 * or killed by a crash has no checkpoint after it and is not counted (its re-run is, once),
 * and an `updateState` checkpoint (source `update`) is a written state, not a node execution.
 */
import type { StateSnapshot } from "@langchain/langgraph";
import { AGENT_NODES } from "../../local-graph/agent/nodes.js";

type History = (config: { configurable: { thread_id: string } }) => AsyncIterable<StateSnapshot>;

const checkpointIdOf = (config: StateSnapshot["config"] | undefined): string | undefined => {
  const id: unknown = config?.configurable?.["checkpoint_id"];
  return typeof id === "string" ? id : undefined;
};

const isAgentNode = (name: string): boolean => (AGENT_NODES as readonly string[]).includes(name);

/** Committed agent-node executions on a thread, from its checkpoint history. */
export async function countGraphSteps(history: History, thread_id: string): Promise<number> {
  const snapshots: StateSnapshot[] = [];
  for await (const snapshot of history({ configurable: { thread_id } })) snapshots.push(snapshot);
  const byId = new Map(snapshots.map((s) => [checkpointIdOf(s.config), s] as const));
  let steps = 0;
  for (const snapshot of snapshots) {
    if (snapshot.metadata?.source !== "loop") continue;
    const parentId = checkpointIdOf(snapshot.parentConfig);
    if (parentId === undefined) continue;
    const parent = byId.get(parentId);
    if (parent === undefined) throw new Error(`checkpoint history of ${thread_id} lacks parent checkpoint ${parentId}`);
    steps += parent.tasks.filter((task) => isAgentNode(task.name)).length;
  }
  return steps;
}
