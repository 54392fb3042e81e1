/**
 * The small runner of the handwritten engine: it loads a session's latest sealed checkpoint,
 * checks the caller's request, and hands the event to the runtime's one driver, which steps the
 * reducer, checkpoints before any effect, traces and performs effects. It holds no state of its
 * own: a new runner over the same stores is a new process resuming the same sessions.
 */
import {
  confirmUncertain,
  DEFAULT_INPUT_LIMITS,
  DEFAULT_LIMITS,
  err,
  isCheckpointTamperedError,
  ok,
  openCheckpoint,
  parseApprovalInput,
  type AgentLimits,
  type AgentState,
  type ApprovalInput,
  type Checkpoint,
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
import {
  createDriver,
  createMemoryPendingOutcomes,
  type Driver,
  type DriverDeps,
  type DriverEvent,
  type EngineError,
  type PendingOutcomeStore,
  type StepConfig,
  untransacted,
} from "../../runtime/index.js";

export type HandwrittenDeps = ExecutionDeps & {
  /** Used approval nonces, outside the checkpoint history. */
  readonly nonces: NonceStore;
  readonly planner: Planner;
  readonly checkpoints: CheckpointStore;
  readonly trace: TraceSink;
  readonly ids: IdSource;
  readonly secret: string;
  /** The stores' one transaction (`EngineContext.atomically`). @default `untransacted`, for memory stores */
  readonly atomically?: <T>(body: () => T) => T;
  readonly limits?: AgentLimits;
  readonly inputLimits?: InputLimits;
  /** Outcomes of a batch's finished calls, kept across a crash mid-batch. @default in memory */
  readonly pendingOutcomes?: PendingOutcomeStore;
  /**
   * Runs a driver from its first event until the session waits or ends: a framework that is the loop
   * around the driver (the AI SDK's generateText) plugs in here. @default the driver's own `run`
   */
  readonly drive?: (driver: Driver, first: DriverEvent) => Promise<AgentState | null>;
};

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

export function createHandwrittenEngine(deps: HandwrittenDeps): HandwrittenEngine {
  const config: StepConfig = {
    registry: deps.registry,
    ids: deps.ids,
    limits: deps.limits ?? DEFAULT_LIMITS,
    inputLimits: deps.inputLimits ?? DEFAULT_INPUT_LIMITS,
  };
  const runner: Runner = {
    deps,
    driverDeps: {
      ...deps,
      ...config,
      atomically: deps.atomically ?? untransacted,
      pendingOutcomes: deps.pendingOutcomes ?? createMemoryPendingOutcomes(),
    },
  };
  // Methods, not arrow properties: a process makes an engine per restart, and under tsx each arrow is named as it is made.
  return {
    async start(session_id, goal) {
      const existing = load(runner, session_id);
      if (!existing.ok) return existing;
      if (existing.value !== undefined)
        return err({ code: "session_exists", message: `session ${session_id} already has checkpoints` });
      const state = await drive(runner, null, { type: "run/started", session_id, goal, at: deps.clock.now() });
      return state === null ? err({ code: "unknown_session", message: "run did not start" }) : ok(state);
    },
    async submitApproval(session_id, input) {
      // Checked before the session is even read: malformed input changes nothing anywhere.
      const parsed = parseApprovalInput(input);
      if (!parsed.ok) return err({ code: "approval_malformed", message: parsed.error.message });
      const loaded = loadSession(runner, session_id);
      if (!loaded.ok) return loaded;
      const state = loaded.value;
      if (state.status !== "approval_required")
        return err({
          code: "approval_not_pending",
          message: `no call is waiting for approval; session is ${state.status}`,
        });
      const submitted = { type: "approval/submitted", input: parsed.value, at: deps.clock.now() } as const;
      return ok((await drive(runner, state, submitted)) ?? state);
    },
    async resume(session_id) {
      const loaded = loadSession(runner, session_id);
      if (!loaded.ok) return loaded;
      const state = loaded.value;
      return ok((await drive(runner, state, { type: "run/resumed", at: deps.clock.now() })) ?? state);
    },
    async reconcileUncertain(session_id, input) {
      const loaded = loadSession(runner, session_id);
      if (!loaded.ok) return loaded;
      const state = loaded.value;
      const confirmed = confirmUncertain(deps, state, input);
      if (!confirmed.ok) return err({ code: "not_reconcilable", message: confirmed.error });
      return ok((await drive(runner, state, { type: "reconcile/confirmed", input, at: deps.clock.now() })) ?? state);
    },
    state(session_id) {
      return load(runner, session_id);
    },
  };
}

/** What an engine's operations share. */
type Runner = { readonly deps: HandwrittenDeps; readonly driverDeps: DriverDeps };

/** The latest state of a session, once its seal holds: no load skips the check. */
function load({ deps }: Runner, session_id: string): Result<AgentState | undefined, EngineError> {
  let checkpoint: Checkpoint | undefined;
  try {
    checkpoint = deps.checkpoints.latest(session_id);
  } catch (error) {
    // A durable store checks its rows' seals as it reads them.
    if (isCheckpointTamperedError(error)) return err({ code: "checkpoint_tampered", message: error.message });
    throw error;
  }
  if (checkpoint === undefined) return ok(undefined);
  const opened = openCheckpoint(checkpoint, session_id, deps.secret);
  return opened.ok ? opened : err({ code: "checkpoint_tampered", message: opened.error.message });
}

/** The latest state of a session that has one; `unknown_session` for one that does not. */
function loadSession(runner: Runner, session_id: string): Result<AgentState, EngineError> {
  const loaded = load(runner, session_id);
  if (!loaded.ok) return loaded;
  return loaded.value === undefined
    ? err({ code: "unknown_session", message: `no checkpoint for session ${session_id}` })
    : ok(loaded.value);
}

function drive({ deps, driverDeps }: Runner, initial: AgentState | null, first: DriverEvent) {
  const driver = createDriver(driverDeps, initial);
  return deps.drive === undefined ? driver.run(first) : deps.drive(driver, first);
}
