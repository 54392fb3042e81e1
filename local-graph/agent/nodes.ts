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
  beginCall,
  executeIntent,
  factBeforePlanning,
  factForApproval,
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
  type Fact,
  type IdSource,
  type InputLimits,
  type PendingApproval,
  type Planner,
  type StateOf,
  type TraceEvent,
} from "../../handwritten/contract/index.js";

export const AGENT_NODES = ["plan", "validate", "policy", "execute"] as const;
export type AgentNode = (typeof AGENT_NODES)[number];

/** The graph state: the agent state, and the trace appended to by every node. */
export type AgentGraphState = { readonly agent: AgentState; readonly trace: readonly TraceEvent[] };
/** What a node returns: the new agent state and the trace events it added. */
export type AgentGraphUpdate = { readonly agent: AgentState; readonly trace: readonly TraceEvent[] };

export type AgentNodeDeps = ExecutionDeps & {
  readonly planner: Planner;
  readonly ids: IdSource;
  readonly secret: string;
  readonly limits: AgentLimits;
  readonly inputLimits: InputLimits;
};

/** What the policy node shows a person when it stops for approval. */
export type ApprovalRequest = { readonly session_id: string; readonly pending: PendingApproval };
export type AgentInterrupt = (request: ApprovalRequest) => ApprovalInput;

export type AgentNodeFn = (state: AgentGraphState, interrupt: AgentInterrupt) => Promise<AgentGraphUpdate>;

export function createAgentNodes(deps: AgentNodeDeps): Readonly<Record<AgentNode, AgentNodeFn>> {
  const apply = (agent: AgentState, ...facts: Fact[]): AgentGraphUpdate => {
    const applied = applyFacts(agent, facts, { at: deps.clock.now(), ids: deps.ids });
    return { agent: applied.state, trace: applied.trace };
  };

  /** After authorization: open the ledger entry and record the intent (or replay, or refuse). */
  const authorize = (update: AgentGraphUpdate): AgentGraphUpdate => {
    const s = update.agent;
    if (s.status !== "authorized") return update;
    const next = apply(s, factForBegin(beginCall(deps, s.session_id, s.step, s.call), replayContent(deps)));
    return { agent: next.agent, trace: [...update.trace, ...next.trace] };
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
      const s = expectStatus(agent, "policy", "approval_required");
      // Nothing above this line has side effects: a framework re-runs it on resume.
      const input = interrupt({ session_id: s.session_id, pending: s.pending_approval });
      return authorize(apply(s, factForApproval(s, input, deps.secret, deps.clock.now())));
    },

    async execute({ agent }) {
      const s = expectStatus(agent, "execute", "executing");
      const outcome = await executeIntent(deps, s.intent, s.intent.attempt >= deps.limits.maxRetries);
      return apply(s, factForOutcome(outcome, s.intent, deps.limits, deps.clock.now()));
    },
  };
}

function expectStatus<S extends AgentState["status"]>(agent: AgentState, node: AgentNode, status: S): StateOf<S> {
  if (agent.status !== status)
    throw new HarnessError("invalid_transition", `node ${node} cannot run in status ${agent.status}`);
  return agent as StateOf<S>;
}
