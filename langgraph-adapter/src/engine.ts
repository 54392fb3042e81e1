/**
 * The LangGraph engine behind the scenario interface: a thin translation of the local graph's
 * engine (local-graph/agent/engine.ts) onto LangGraph's API. A session is a thread; approval is
 * `Command({ resume })`; a restart resumes with `invoke(null)`; reconciliation writes the
 * contract's `tool_reconciled` fact as if `execute` had produced it, then continues.
 */
import type { StateSnapshot } from "@langchain/langgraph";
import { Command } from "./langgraph.js";
import {
  applyFact,
  confirmUncertain,
  isProcessCrash,
  listItems,
  parseApprovalInput,
  startRun,
  type AgentState,
  type ApprovalInput,
  type TraceEvent,
} from "../../contract/index.js";
import {
  engineOf,
  EngineUsageError,
  latestEarlierApproval,
  type Engine,
  type EngineContext,
  type EngineFactory,
} from "../../runtime/index.js";
import type { AgentNode } from "../../local-graph/agent/nodes.js";
import { recursionLimitFor } from "../../local-graph/agent/routes.js";
import { sealedCheckpointerOf } from "./checkpointer.js";
import { buildLangGraphAgentGraph, type NodeEntryListener } from "./graph.js";
import { harnessValues, latestOf } from "./latest.js";
import { diagramOf, shapeOf } from "./shape.js";
import type { LangGraphAgentState, LangGraphAgentUpdate } from "./state.js";
import { countGraphSteps } from "./steps.js";
import { LANGGRAPH_VERSION } from "./versions.js";

export type LangGraphEngineOptions = {
  /** Sees every entry into a node, re-runs included. */
  readonly onNodeEntry?: NodeEntryListener;
};

export function createLangGraphEngine(env: EngineContext, options: LangGraphEngineOptions = {}): Engine<"langgraph"> {
  const checkpointer = sealedCheckpointerOf(env);
  const graph = buildLangGraphAgentGraph(env, {
    checkpointer,
    ...(options.onNodeEntry === undefined ? {} : { onNodeEntry: options.onNodeEntry }),
  });
  const configOf = (session_id: string) => ({
    configurable: { thread_id: session_id },
    durability: "sync" as const,
    // LangGraph's default of 25 supersteps is too few: a run of 8 planner steps takes about 30.
    recursionLimit: recursionLimitFor(env.limits),
  });
  /** The latest checkpoint's values, or undefined for a thread LangGraph has never seen. */
  const values = async (session_id: string): Promise<LangGraphAgentState | undefined> => {
    const latest = latestOf(await checkpointer.getTuple(configOf(session_id)));
    return latest.kind === "values" ? latest.values : valuesOf(await graph.getState(configOf(session_id)));
  };
  const saved = async (session_id: string): Promise<LangGraphAgentState> => known(session_id, await values(session_id));
  const run = async (session_id: string, input: Parameters<typeof graph.invoke>[0]): Promise<AgentState> => {
    try {
      return (await graph.invoke(input, configOf(session_id))).agent;
    } catch (error) {
      throw singleCrash(error);
    }
  };

  return engineOf({
    id: "langgraph",
    async start(session_id, goal) {
      if ((await values(session_id)) !== undefined)
        throw new EngineUsageError("session_exists", `session ${session_id} already has checkpoints`);
      const started = startRun(session_id, goal, { at: env.clock.now(), ids: env.ids });
      return run(session_id, { agent: started.state, trace: [started.trace] });
    },
    async submitApproval(session_id, input) {
      // Checked before LangGraph sees it: a bad resume value would be cached and replayed on every later resume.
      const parsed = parseApprovalInput(input);
      if (!parsed.ok) throw new EngineUsageError("approval_malformed", parsed.error.message);
      // One snapshot gives both the state and whether a node is paused at an interrupt.
      const snapshot = await graph.getState(configOf(session_id));
      const { agent } = known(session_id, valuesOf(snapshot));
      const waiting = snapshot.tasks.some((task) => task.interrupts.length > 0);
      // A batch's approval may be asked inside the node that runs the whole batch, before its status says so.
      if (agent.pending_approval === null || !waiting) {
        throw new EngineUsageError(
          "approval_not_pending",
          `no call is waiting for approval; session is ${agent.status}`,
        );
      }
      return run(session_id, new Command<ApprovalInput, LangGraphAgentUpdate, AgentNode>({ resume: parsed.value }));
    },
    async resume(session_id) {
      await saved(session_id);
      return run(session_id, null);
    },
    async reconcileUncertain(session_id, input) {
      const { agent } = await saved(session_id);
      const confirmed = confirmUncertain(env, agent, input);
      if (!confirmed.ok) throw new EngineUsageError("not_reconcilable", confirmed.error);
      const applied = applyFact(agent, confirmed.value, { at: env.clock.now(), ids: env.ids });
      const trace: readonly TraceEvent[] = [applied.trace];
      await graph.updateState(configOf(session_id), { agent: applied.state, trace }, "execute");
      return run(session_id, null);
    },
    state: async (session_id) => (await values(session_id))?.agent,
    trace: async (session_id) => listItems((await values(session_id))?.trace ?? []),
    graphSteps: (session_id) => countGraphSteps((config) => graph.getStateHistory(config), session_id),
    async rewindToApproval(session_id) {
      const history: StateSnapshot[] = [];
      for await (const snapshot of graph.getStateHistory(configOf(session_id))) history.unshift(snapshot);
      const target = latestEarlierApproval(history, (s) => s.tasks.some((t) => t.interrupts.length > 0));
      if (target === undefined) throw new EngineUsageError("nothing_to_rewind", "no earlier approval point");
      // A real rewind: fork the thread at the old checkpoint (updateState at its config) with the state
      // it held, as if validate had just produced it. The fork carries none of the old checkpoint's
      // pending writes, so the earlier resume value cannot answer for a new one (langgraph#6663);
      // running it up to the policy node's interrupt makes it wait for a person again.
      const { agent } = target.values as LangGraphAgentState;
      // A batch run in one node waits inside execute, its state still `batch`: policy's edges reach execute.
      await graph.updateState(target.config, { agent, trace: [] }, agent.status === "batch" ? "policy" : "validate");
      return run(session_id, null);
    },
  });
}

const valuesOf = (snapshot: StateSnapshot) => harnessValues(snapshot.values as Partial<LangGraphAgentState>);

function known(session_id: string, state: LangGraphAgentState | undefined): LangGraphAgentState {
  if (state === undefined) throw new EngineUsageError("unknown_session", `no checkpoint for session ${session_id}`);
  return state;
}

/**
 * LangGraph reports several tasks failing in one superstep as one AggregateError. When one of
 * them is a simulated process death, the process died: that is what the caller must see.
 */
function singleCrash(error: unknown): unknown {
  if (!(error instanceof AggregateError)) return error;
  return (error.errors as unknown[]).find((e) => isProcessCrash(e)) ?? error;
}

export const langgraphFactory: EngineFactory<"langgraph"> = {
  id: "langgraph",
  version: LANGGRAPH_VERSION,
  shape: (env) => shapeOf(buildLangGraphAgentGraph(env, { checkpointer: sealedCheckpointerOf(env) })),
  diagram: (env) => diagramOf(buildLangGraphAgentGraph(env, { checkpointer: sealedCheckpointerOf(env) })),
  create: (env) => createLangGraphEngine(env),
};
