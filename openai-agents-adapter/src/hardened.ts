/**
 * The OpenAI Agents SDK hardened by the layer in harden/: the SDK's own loop, Agent, Runner,
 * interruptions and RunState (as the native engine uses them), with the contract entering only
 * through the layer's pieces at the SDK's extension points. The contract's reducer records what the
 * SDK does (state, checkpoints, trace) through the driver the layer's hooks call; the SDK decides
 * when to call the model, which tools run and when to interrupt. `disable` switches pieces off for
 * an ablation.
 */
import { Agent, RunState, Runner } from "@openai/agents";
import {
  confirmUncertain,
  DEFAULT_INPUT_LIMITS,
  isTerminal,
  parseApprovalInput,
  type AgentState,
} from "../../contract/index.js";
import {
  createDriver,
  createMemoryPendingOutcomes,
  defineSlot,
  engineOf,
  EngineUsageError,
  layerOf,
  unwrapEngine,
  type Driver,
  type DriverDeps,
  type DriverEvent,
  type Engine,
  type EngineContext,
  type EngineFactory,
  type PendingOutcomeStore,
} from "../../runtime/index.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { unwrapRunError } from "./errors.js";
import {
  applyAnswer,
  BACKED_UP_BY,
  checkAnswer,
  guardedExecutor,
  hardenTool,
  HARDENING_PIECES,
  isOn,
  keepRunState,
  openRunState,
  plannerModel,
  sdkInput,
  type HardeningOptions,
  type RunStateStore,
  type SdkAnswer,
} from "./harden/index.js";
import { awaitsApproval, callsOfTurn } from "../../runtime/index.js";
import { OPENAI_AGENTS_VERSION } from "./versions.js";

/** The sealed RunStates of each session, beside the contract checkpoints they were taken at. */
export const RUN_STATES = defineSlot<RunStateStore>("openai_agents.run_states");
const PENDING = defineSlot<PendingOutcomeStore>("openai_agents.pending_outcomes");

export function createHardenedEngine(
  env: EngineContext,
  options: HardeningOptions = {},
): Engine<"openai_agents_hardened"> {
  // State reads, the trace and a restore from an older copy are the contract's stores, read as the reference reads them.
  const reference = handwrittenFactory.create(env);
  let runStates = env.slots.get(RUN_STATES);
  if (runStates === undefined) env.slots.set(RUN_STATES, (runStates = new Map()));
  const kept = runStates;
  let pending = env.slots.get(PENDING);
  if (pending === undefined) env.slots.set(PENDING, (pending = createMemoryPendingOutcomes()));
  const deps: DriverDeps = { ...env, inputLimits: DEFAULT_INPUT_LIMITS, pendingOutcomes: pending };
  const runner = new Runner({ tracingDisabled: true, traceIncludeSensitiveData: !isOn(options, "redaction") });
  const maxTurns = env.limits.maxSteps * 2 + 4;

  const load = async (session_id: string): Promise<AgentState> => {
    const state = unwrapEngine(await reference.state(session_id));
    if (state === undefined) throw new EngineUsageError("unknown_session", `no checkpoint for session ${session_id}`);
    return state;
  };
  const current = (driver: Driver): AgentState => {
    const state = driver.state();
    if (state === null) throw new Error("the driver holds no session");
    return state;
  };

  /** The team's agent, its tools and model hardened by the layer, over one session's driver. */
  const agentFor = (driver: Driver) => {
    const executor = guardedExecutor(deps, driver);
    const hooks = {
      execute: (callId: string, args: unknown) => executor.execute(callId, args),
      approvedByContract: (callId: string) => {
        const state = current(driver);
        return callsOfTurn(state).some((c) => c.callId === callId) && !awaitsApproval(state, callId);
      },
    };
    const tools = env.registry.list().map((spec) => hardenTool(spec, hooks, options));
    return new Agent({ name: "harness", instructions: "Use the tools.", model: plannerModel(driver), tools });
  };

  /** Runs the SDK's loop until it ends or interrupts; its RunState is kept beside the checkpoint it stopped at. */
  const runSdk = async (driver: Driver, input: string | ((agent: Agent) => Promise<RunState<unknown, Agent>>)) => {
    const agent = agentFor(driver);
    try {
      const result = await runner.run(agent, typeof input === "string" ? input : await input(agent), { maxTurns });
      keepRunState(kept, env.secret, options, current(driver), result.state.toString());
    } catch (error) {
      if (!(error instanceof Error && error.name === "MaxTurnsExceededError")) throw unwrapRunError(error);
    }
    return current(driver);
  };
  const openDriver = (state: AgentState | null, event: DriverEvent | null) => {
    const driver = createDriver(deps, state);
    if (event !== null) driver.dispatch(event);
    return driver;
  };
  /** Continues a turn the contract holds (after a restart or a reconcile): a new SDK run over it. */
  const carryOn = (driver: Driver) => {
    const state = current(driver);
    return isTerminal(state) ? Promise.resolve(state) : runSdk(driver, "continue");
  };
  const resumeWith = (driver: Driver, blob: string, answer: SdkAnswer) =>
    runSdk(driver, async (agent) => {
      const state = await RunState.fromString(agent, blob);
      applyAnswer(state, answer);
      return state;
    });

  return engineOf({
    id: "openai_agents_hardened",
    async start(session_id, goal) {
      if (unwrapEngine(await reference.state(session_id)) !== undefined)
        throw new EngineUsageError("session_exists", `session ${session_id} already has checkpoints`);
      const driver = openDriver(null, { type: "run/started", session_id, goal, at: env.clock.now() });
      return runSdk(driver, sdkInput(options, goal));
    },
    async submitApproval(session_id, input) {
      const parsed = parseApprovalInput(input);
      if (!parsed.ok) throw new EngineUsageError("approval_malformed", parsed.error.message);
      const before = await load(session_id);
      if (before.status !== "approval_required")
        throw new EngineUsageError(
          "approval_not_pending",
          `no call is waiting for approval; session is ${before.status}`,
        );
      // The kept RunState is opened (its seal checked) before the answer is applied: a tampered one changes nothing.
      const blob = openRunState(kept, env.secret, options, before);
      const driver = openDriver(before, null);
      const answer = checkAnswer(driver, before, parsed.value, env.clock.now(), options);
      if (answer === null) return current(driver);
      return blob === undefined ? carryOn(driver) : resumeWith(driver, blob, answer);
    },
    async resume(session_id) {
      return carryOn(openDriver(await load(session_id), { type: "run/resumed", at: env.clock.now() }));
    },
    async reconcileUncertain(session_id, input) {
      const state = await load(session_id);
      const confirmed = confirmUncertain(env, state, input);
      if (!confirmed.ok) throw new EngineUsageError("not_reconcilable", confirmed.error);
      return carryOn(openDriver(state, { type: "reconcile/confirmed", input, at: env.clock.now() }));
    },
    state: async (session_id) => unwrapEngine(await reference.state(session_id)),
    trace: (session_id) => reference.trace(session_id),
    graphSteps: async () => null,
    rewindToApproval: async (session_id) => {
      if (reference.rewindToApproval === undefined) throw new Error("the reference engine cannot rewind");
      return unwrapEngine(await reference.rewindToApproval(session_id));
    },
  });
}

/** The hardened engine as a factory, with pieces of the layer switched off for an ablation. */
export const createOpenAIHardenedFactory = (
  options: HardeningOptions = {},
): EngineFactory<"openai_agents_hardened"> => ({
  id: "openai_agents_hardened",
  version: OPENAI_AGENTS_VERSION,
  shape: async () => null,
  create: (env) => createHardenedEngine(env, options),
  layer: layerOf(HARDENING_PIECES, BACKED_UP_BY, (disable) => createOpenAIHardenedFactory({ disable })),
});

/** The registry's hardened engine: every piece of the layer on. */
export const openaiAgentsHardenedFactory: EngineFactory<"openai_agents_hardened"> = createOpenAIHardenedFactory();
