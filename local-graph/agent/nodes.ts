/**
 * The four nodes of the agent graph — plan, validate, policy, execute — written once over the
 * contract. The local graph runs them on its own runtime; the LangGraph adapter runs the same
 * functions on LangGraph. A node owns orchestration only: every decision is a contract call.
 *
 * A framework may run a node again from its first line (on resume after an interrupt, or after
 * a crash), so each node reads only its input state and the injected services, and everything
 * before `interrupt()` is free of side effects.
 */
import {
  applyFacts,
  approve,
  beginBatch,
  beginCall,
  callsIn,
  executeBatch,
  executeIntent,
  factBeforePlanning,
  factForBatchBegin,
  factForBatchOutcomes,
  factForBatchPolicy,
  factForBegin,
  factForOutcome,
  factForPlannerOutput,
  factForPolicy,
  HarnessError,
  replayContent,
  type AgentLimits,
  type AgentState,
  type ApprovalInput,
  type ExecutionDeps,
  type ExecutionOutcome,
  type Fact,
  type IdSource,
  type InputLimits,
  type NonceStore,
  type PendingApproval,
  type Planner,
  type StateOf,
  type TraceEvent,
} from "../../contract/index.js";

export const AGENT_NODES = ["plan", "validate", "policy", "execute"] as const;
export type AgentNode = (typeof AGENT_NODES)[number];

/** How one dispatched call of a batch ended, written by its fan-out task. */
export type DispatchOutcome = { readonly call_id: string; readonly outcome: ExecutionOutcome };

/**
 * The graph state: the agent state, the trace appended to by every node, and the outcomes the
 * fan-out tasks of a batch wrote, which the next `execute` step turns into one fact. A fan-out
 * task's input also names the call it runs (`dispatch`).
 */
export type AgentGraphState = {
  readonly agent: AgentState;
  readonly trace: readonly TraceEvent[];
  readonly outcomes: readonly DispatchOutcome[];
  readonly dispatch?: string;
};
/** What a node returns: the new agent state and its trace events, or (a fan-out task) one outcome; null clears the outcomes. */
export type AgentGraphUpdate = {
  readonly agent?: AgentState;
  readonly trace?: readonly TraceEvent[];
  readonly outcomes?: readonly DispatchOutcome[] | null;
};
type AgentUpdate = { readonly agent: AgentState; readonly trace: readonly TraceEvent[] };

export type AgentNodeDeps = ExecutionDeps & {
  /** Used approval nonces, outside the checkpoint history. */
  readonly nonces: NonceStore;
  readonly planner: Planner;
  readonly ids: IdSource;
  readonly secret: string;
  readonly limits: AgentLimits;
  readonly inputLimits: InputLimits;
};

/** What the policy node shows a person when it stops for approval. */
export type ApprovalRequest = { readonly session_id: string; readonly pending: PendingApproval };
export type AgentInterrupt = (request: ApprovalRequest) => ApprovalInput;

/** What a node reads of the graph state: never the trace, which each runtime keeps in its own form. */
export type AgentNodeInput = Omit<AgentGraphState, "trace"> & { readonly trace?: unknown };
export type AgentNodeFn = (state: AgentNodeInput, interrupt: AgentInterrupt) => Promise<AgentGraphUpdate>;

export function createAgentNodes(deps: AgentNodeDeps): Readonly<Record<AgentNode, AgentNodeFn>> {
  const apply = (agent: AgentState, ...facts: Fact[]): AgentUpdate => {
    const applied = applyFacts(agent, facts, { at: deps.clock.now(), ids: deps.ids });
    return { agent: applied.state, trace: applied.trace };
  };
  const then = (update: AgentUpdate, fact: Fact): AgentUpdate => {
    const next = apply(update.agent, fact);
    return { agent: next.agent, trace: [...update.trace, ...next.trace] };
  };

  /** After authorization: open the ledger entries and record the intents (or replay, or refuse). */
  const authorize = (update: AgentUpdate): AgentUpdate => {
    const s = update.agent;
    if (s.status === "authorized")
      return then(update, factForBegin(beginCall(deps, s.session_id, s.step, s.call), replayContent(deps)));
    if (s.status !== "batch" || callsIn(s.batch, "authorized").length === 0) return update;
    const answers = beginBatch(deps, s.session_id, s.step, callsIn(s.batch, "authorized"));
    return then(update, factForBatchBegin(answers));
  };

  const dispatched = (s: StateOf<"batch">) =>
    callsIn(s.batch, "executing").map(({ call_id, phase }) => ({
      call_id,
      intent: phase.intent,
      last_attempt: phase.intent.attempt >= deps.limits.maxRetries,
    }));

  /** Attempts of this process's fan-out tasks still running. */
  const running = new Set<Promise<unknown>>();

  /**
   * A fan-out task: runs the one call its input names and writes its outcome, nothing else. A
   * simulated process death in one call is raised once the batch's other calls have settled, as
   * `executeBatch` does for the handwritten engine, so every engine dies at the same point.
   */
  const runDispatched = async (agent: AgentState, call_id: string): Promise<AgentGraphUpdate> => {
    const s = expectStatus(agent, "execute", "batch");
    const call = dispatched(s).find((c) => c.call_id === call_id);
    if (call === undefined) throw new HarnessError("invalid_transition", `call ${call_id} is not dispatched`);
    const attempt = executeIntent(deps, call.intent, call.last_attempt);
    running.add(attempt);
    try {
      return { outcomes: [{ call_id, outcome: await attempt }] };
    } catch (error) {
      await Promise.allSettled([...running].filter((p) => p !== attempt));
      throw error;
    } finally {
      running.delete(attempt);
    }
  };

  /**
   * The whole batch in one node (the ToolNode pattern): run the dispatched calls, then stop for
   * the next approval and return once it is decided; the graph comes back here for the rest. A framework re-runs this
   * node from its first line on resume, so the calls that already ran run again; the ledger
   * replays them instead of executing them twice.
   */
  const runWholeBatch = async (start: AgentUpdate, interrupt: AgentInterrupt): Promise<AgentUpdate> => {
    let update = start;
    for (;;) {
      const s = update.agent;
      if (s.status === "batch" && callsIn(s.batch, "executing").length > 0) {
        const outcomes = await executeBatch(deps, dispatched(s));
        update = then(update, factForBatchOutcomes(s, outcomes, deps.limits, deps.clock.now()));
      } else if (s.status === "approval_required" && s.batch !== undefined) {
        const input = interrupt(approvalRequest(s));
        // One decision per run of this node: on resume a framework replays every earlier interrupt of
        // the node, so a second decision here would be decided (and its nonce spent) twice.
        return authorize(then(update, approve(deps, s, input, deps.clock.now())));
      } else return update;
    }
  };

  return {
    async plan({ agent }) {
      const s = expectStatus(agent, "plan", "ready");
      const stop = factBeforePlanning(s, deps.limits, deps.clock.now());
      if (stop !== null) return apply(s, stop);
      return apply(s, { type: "planner_responded", raw: await deps.planner.respond(s) });
    },

    async validate({ agent }) {
      const s = expectStatus(agent, "validate", "planned");
      return apply(s, factForPlannerOutput(deps.registry, s, deps.inputLimits));
    },

    async policy({ agent }, interrupt) {
      if (agent.status === "validated") return authorize(apply(agent, factForPolicy(agent)));
      if (agent.status === "batch") {
        const decided = callsIn(agent.batch, "validated").length > 0;
        return authorize(decided ? apply(agent, factForBatchPolicy(agent)) : { agent, trace: [] });
      }
      const s = expectStatus(agent, "policy", "approval_required");
      // Nothing above this line has side effects: a framework re-runs it on resume.
      const input = interrupt(approvalRequest(s));
      return authorize(apply(s, approve(deps, s, input, deps.clock.now())));
    },

    async execute({ agent, outcomes, dispatch }, interrupt) {
      if (dispatch !== undefined) return runDispatched(agent, dispatch);
      if (agent.status === "batch" && outcomes.length > 0) {
        const joined = apply(agent, factForBatchOutcomes(agent, outcomes, deps.limits, deps.clock.now()));
        return { ...joined, outcomes: null };
      }
      if (agent.status === "batch") return runWholeBatch({ agent, trace: [] }, interrupt);
      const s = expectStatus(agent, "execute", "executing");
      const outcome = await executeIntent(deps, s.intent, s.intent.attempt >= deps.limits.maxRetries);
      return apply(s, factForOutcome(outcome, s.intent, deps.limits, deps.clock.now()));
    },
  };
}

/**
 * What an approval wait shows, frozen: its parts are the sealed state's, so the checkpoint paused on
 * it cannot change under its seal, and reading it back skips the seal's re-check.
 */
function approvalRequest(s: StateOf<"approval_required">): ApprovalRequest {
  return Object.freeze({ session_id: s.session_id, pending: s.pending_approval });
}

function expectStatus<S extends AgentState["status"]>(agent: AgentState, node: AgentNode, status: S): StateOf<S> {
  if (agent.status !== status)
    throw new HarnessError("invalid_transition", `node ${node} cannot run in status ${agent.status}`);
  return agent as StateOf<S>;
}
