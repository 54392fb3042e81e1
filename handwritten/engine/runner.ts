/**
 * The small runner around the pure reducer: it stamps events with the injected clock, saves a
 * checkpoint after every step (so the intent is durable before any tool runs), appends the
 * trace, and performs the effects the reducer asked for. It holds no state of its own: a new
 * runner over the same stores is a new process resuming the same sessions.
 */
import {
  beginBatch,
  beginCall,
  executeBatch,
  claimApproval,
  executeIntent,
  confirmUncertain,
  DEFAULT_INPUT_LIMITS,
  DEFAULT_LIMITS,
  err,
  HarnessError,
  ok,
  openCheckpoint,
  parseApprovalInput,
  replayContent,
  toCheckpoint,
  assertNever,
  type AgentLimits,
  type AgentState,
  type ApprovalInput,
  type CheckpointStore,
  type ExecutionDeps,
  type IdSource,
  type InputLimits,
  type NonceStore,
  type Planner,
  type ReconcileInput,
  type Result,
  type TraceSink,
} from "../../contract/index.js";
import type { Effect } from "../../runtime/effects.js";
import { createMemoryPendingOutcomes, type PendingOutcomeStore } from "../../runtime/pending-outcomes.js";
import type { EngineEvent } from "../../runtime/events.js";
import { step, type StepConfig } from "../../runtime/step.js";

export type HandwrittenDeps = ExecutionDeps & {
  /** Used approval nonces, outside the checkpoint history. */
  readonly nonces: NonceStore;
  readonly planner: Planner;
  readonly checkpoints: CheckpointStore;
  readonly trace: TraceSink;
  readonly ids: IdSource;
  readonly secret: string;
  readonly limits?: AgentLimits;
  readonly inputLimits?: InputLimits;
  /** Outcomes of a batch's finished calls, kept across a crash mid-batch. @default in memory */
  readonly pendingOutcomes?: PendingOutcomeStore;
};

export type EngineErrorCode =
  | "unknown_session"
  | "session_exists"
  | "approval_not_pending"
  | "approval_malformed"
  | "not_reconcilable"
  | "checkpoint_tampered";
export type EngineError = { readonly code: EngineErrorCode; readonly message: string };

export type HandwrittenEngine = {
  /** Runs a new session until it ends or waits for a person. */
  start(session_id: string, goal: string): Promise<Result<AgentState, EngineError>>;
  /** Hands a person's answer (an approval token, or a refusal) to a waiting session. */
  submitApproval(session_id: string, input: ApprovalInput | unknown): Promise<Result<AgentState, EngineError>>;
  /** Continues a session from its latest checkpoint, as a process does after a crash. */
  resume(session_id: string): Promise<Result<AgentState, EngineError>>;
  /** The explicit, audited entry point for an uncertain outcome. It never calls the executor. */
  reconcileUncertain(session_id: string, input: ReconcileInput): Promise<Result<AgentState, EngineError>>;
  /** The latest state, or `checkpoint_tampered` when the stored checkpoint fails its seal. */
  state(session_id: string): Result<AgentState | undefined, EngineError>;
};

/** Performs one effect the reducer asked for and returns the event that reports its result. */
export async function performEffect(
  deps: ExecutionDeps & { readonly planner?: Planner; readonly pendingOutcomes?: PendingOutcomeStore },
  effect: Effect,
  state: AgentState,
  cancel?: AbortSignal,
): Promise<EngineEvent> {
  switch (effect.type) {
    case "planner/request":
      if (deps.planner === undefined) throw new HarnessError("invalid_transition", "no planner to ask");
      return { type: "planner/responded", raw: await deps.planner.respond(state), at: deps.clock.now() };
    case "ledger/begin": {
      const decision = beginCall(deps, state.session_id, effect.step, effect.call);
      const replay_content = decision.kind === "replay" ? replayContent(deps)(decision.output) : null;
      return { type: "ledger/answered", decision, replay_content, at: deps.clock.now() };
    }
    case "tool/execute":
      return {
        type: "tool/settled",
        outcome: await executeIntent(deps, effect.intent, effect.last_attempt, cancel),
        at: deps.clock.now(),
      };
    case "batch/begin":
      return {
        type: "batch/begun",
        answers: beginBatch(deps, state.session_id, effect.step, effect.calls),
        at: deps.clock.now(),
      };
    case "batch/execute": {
      const { session_id, seq } = state;
      const store = deps.pendingOutcomes;
      const outcomes = await executeBatch(deps, effect.calls, store?.list(session_id, seq) ?? [], (call_id, outcome) =>
        store?.add(session_id, seq, { call_id, outcome }),
      );
      return { type: "batch/settled", outcomes, at: deps.clock.now() };
    }
    default:
      return assertNever(effect);
  }
}

export function createHandwrittenEngine(deps: HandwrittenDeps): HandwrittenEngine {
  const config: StepConfig = {
    registry: deps.registry,
    ids: deps.ids,
    secret: deps.secret,
    limits: deps.limits ?? DEFAULT_LIMITS,
    inputLimits: deps.inputLimits ?? DEFAULT_INPUT_LIMITS,
  };
  /** The latest state of a session, once its seal holds: no load skips the check. */
  const load = (session_id: string): Result<AgentState | undefined, EngineError> => {
    const checkpoint = deps.checkpoints.latest(session_id);
    if (checkpoint === undefined) return ok(undefined);
    const opened = openCheckpoint(checkpoint, session_id, deps.secret);
    return opened.ok ? opened : err({ code: "checkpoint_tampered", message: opened.error.message });
  };
  const effectDeps = { ...deps, pendingOutcomes: deps.pendingOutcomes ?? createMemoryPendingOutcomes() };

  async function drive(initial: AgentState | null, first: EngineEvent): Promise<AgentState | null> {
    let state = initial;
    const queue: EngineEvent[] = [first];
    for (let event = queue.shift(); event !== undefined; event = queue.shift()) {
      const result = step(config, state, event);
      deps.trace.append(result.trace);
      if (result.state !== null && result.state !== state)
        deps.checkpoints.put(toCheckpoint(result.state, deps.secret));
      state = result.state;
      if (state === null) break;
      for (const effect of result.effects) queue.push(await performEffect(effectDeps, effect, state));
    }
    return state;
  }

  const withSession = async (
    session_id: string,
    run: (state: AgentState) => Promise<Result<AgentState, EngineError>>,
  ) => {
    const loaded = load(session_id);
    if (!loaded.ok) return loaded;
    return loaded.value === undefined
      ? err<EngineError>({ code: "unknown_session", message: `no checkpoint for session ${session_id}` })
      : run(loaded.value);
  };

  return {
    async start(session_id, goal) {
      const existing = load(session_id);
      if (!existing.ok) return existing;
      if (existing.value !== undefined)
        return err({ code: "session_exists", message: `session ${session_id} already has checkpoints` });
      const state = await drive(null, { type: "run/started", session_id, goal, at: deps.clock.now() });
      return state === null ? err({ code: "unknown_session", message: "run did not start" }) : ok(state);
    },
    async submitApproval(session_id, input) {
      // Checked before the session is even read: malformed input changes nothing anywhere.
      const parsed = parseApprovalInput(input);
      if (!parsed.ok) return err({ code: "approval_malformed", message: parsed.error.message });
      return withSession(session_id, async (state) => {
        if (state.status !== "approval_required")
          return err({
            code: "approval_not_pending",
            message: `no call is waiting for approval; session is ${state.status}`,
          });
        const at = deps.clock.now();
        const used = claimApproval(deps, state, parsed.value, at);
        return ok((await drive(state, { type: "approval/submitted", input: parsed.value, used, at })) ?? state);
      });
    },
    resume: (session_id) =>
      withSession(session_id, async (state) =>
        ok((await drive(state, { type: "run/resumed", at: deps.clock.now() })) ?? state),
      ),
    reconcileUncertain: (session_id, input) =>
      withSession(session_id, async (state) => {
        const confirmed = confirmUncertain(deps, state, input);
        if (!confirmed.ok) return err({ code: "not_reconcilable", message: confirmed.error });
        return ok((await drive(state, { type: "reconcile/confirmed", input, at: deps.clock.now() })) ?? state);
      }),
    state: (session_id) => load(session_id),
  };
}
