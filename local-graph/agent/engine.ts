/** The local state graph behind the scenario interface. */
import {
  applyFact,
  confirmUncertain,
  listItems,
  parseApprovalInput,
  startRun,
  type AgentState,
} from "../../contract/index.js";
import {
  defineSlot,
  engineOf,
  EngineUsageError,
  latestEarlierApproval,
  type Engine,
  type EngineContext,
  type EngineFactory,
} from "../../runtime/index.js";
import { createMemoryGraphCheckpointer, type GraphCheckpointer } from "../runtime/index.js";
import { buildLocalAgentGraph, type LocalGraphState } from "./build.js";
import { sealedGraphCheckpointer } from "./sealed-checkpointer.js";

/** The slot where the engine keeps its checkpointer, so a durable one can be put there. */
export const LOCAL_GRAPH_CHECKPOINTER_KEY = defineSlot<GraphCheckpointer<unknown>>("local_state_graph.checkpointer");

function checkpointerOf(env: EngineContext): GraphCheckpointer<LocalGraphState> {
  let saver = env.slots.get(LOCAL_GRAPH_CHECKPOINTER_KEY);
  if (saver === undefined) {
    saver = createMemoryGraphCheckpointer<unknown>();
    env.slots.set(LOCAL_GRAPH_CHECKPOINTER_KEY, saver);
  }
  // Whatever store holds them, the engine reads only checkpoints whose seal holds.
  return sealedGraphCheckpointer(saver, env.secret);
}

export const localGraphFactory: EngineFactory<"local_state_graph"> = {
  id: "local_state_graph",
  version: "local",
  shape: async (env) => buildLocalAgentGraph(env, checkpointerOf(env)).shape(),
  diagram: async (env) => buildLocalAgentGraph(env, checkpointerOf(env)).diagram(),
  create(env): Engine<"local_state_graph"> {
    const checkpointer = checkpointerOf(env);
    const graph = buildLocalAgentGraph(env, checkpointer);
    const saved = (session_id: string) => {
      const checkpoint = graph.getState(session_id);
      if (checkpoint === undefined)
        throw new EngineUsageError("unknown_session", `no checkpoint for session ${session_id}`);
      return checkpoint;
    };
    const resumeWith = async (session_id: string, value?: unknown): Promise<AgentState> =>
      (await graph.invoke(session_id, value === undefined ? { kind: "resume" } : { kind: "resume", value })).state
        .agent;
    return engineOf({
      id: "local_state_graph",
      async start(session_id, goal) {
        const started = startRun(session_id, goal, { at: env.clock.now(), ids: env.ids });
        const result = await graph.invoke(session_id, {
          kind: "start",
          state: { agent: started.state, trace: [started.trace], outcomes: [] },
        });
        return result.state.agent;
      },
      async submitApproval(session_id, input) {
        // Checked before anything is read or resumed: malformed input leaves the thread as it was.
        const parsed = parseApprovalInput(input);
        if (!parsed.ok) throw new EngineUsageError("approval_malformed", parsed.error.message);
        const checkpoint = saved(session_id);
        // A batch's approval may be asked inside the node that runs the whole batch, before its status says so.
        if (checkpoint.state.agent.pending_approval === null || checkpoint.interrupt === null) {
          throw new EngineUsageError(
            "approval_not_pending",
            `no call is waiting for approval; session is ${checkpoint.state.agent.status}`,
          );
        }
        return resumeWith(session_id, parsed.value);
      },
      resume: (session_id) => resumeWith(session_id),
      async reconcileUncertain(session_id, input) {
        const agent = saved(session_id).state.agent;
        const confirmed = confirmUncertain(env, agent, input);
        if (!confirmed.ok) throw new EngineUsageError("not_reconcilable", confirmed.error);
        const applied = applyFact(agent, confirmed.value, { at: env.clock.now(), ids: env.ids });
        graph.updateState(session_id, { agent: applied.state, trace: [applied.trace] }, "execute");
        return resumeWith(session_id);
      },
      state: async (session_id) => graph.getState(session_id)?.state.agent,
      trace: async (session_id) => listItems(graph.getState(session_id)?.state.trace ?? []),
      graphSteps: async (session_id) => graph.getState(session_id)?.step ?? 0,
      async rewindToApproval(session_id) {
        // A restore from an older copy: the checkpoint paused at the approval interrupt becomes the latest again.
        const target = latestEarlierApproval(checkpointer.list(session_id), (c) => c.interrupt !== null);
        if (target === undefined) throw new EngineUsageError("nothing_to_rewind", "no earlier approval point");
        checkpointer.put(target);
        return saved(session_id).state.agent;
      },
    });
  },
};
