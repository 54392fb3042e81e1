/**
 * Mastra (@mastra/core 1.71.0) hardened by the layer in harden/: Mastra's own Agent, generate loop,
 * tool approval (`requireApproval`, suspension into its LibSQL storage, approveToolCallGenerate /
 * declineToolCallGenerate by runId and toolCallId, as https://mastra.ai/docs/agents/agent-approval
 * teaches them; the native engine is that alone), with the contract entering only through the
 * layer's pieces at Mastra's extension points. The contract's reducer records what happens (state,
 * checkpoints, trace) through the driver the layer's hooks call; Mastra decides when to call the
 * model, which tools run and when to suspend. `disable` switches pieces off for an ablation.
 */
import { confirmUncertain, DEFAULT_INPUT_LIMITS, isTerminal, parseApprovalInput } from "../../contract/index.js";
import type { AgentState } from "../../contract/index.js";
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
import {
  BACKED_UP_BY,
  checkAnswer,
  drain,
  guardedExecutor,
  hardenTool,
  HARDENING_PIECES,
  live,
  keepSuspendedRun,
  mastraInput,
  openSuspendedRun,
  plannerModel,
  spendSuspendedRun,
  waitsOn,
  waitsOnCall,
  type HardeningOptions,
  type SurfacedCall,
  type SuspendedRun,
  type SuspendedRunStore,
} from "./harden/index.js";
import { mastraAgent, slotOf, storedRuns, type MastraCall, type MastraOutput } from "./storage.js";
import { MASTRA_VERSION } from "./versions.js";

/** Which suspended Mastra run waits at which contract checkpoint, sealed. */
export const SUSPENDED_RUNS = defineSlot<SuspendedRunStore>("mastra.suspended_runs");
const PENDING = defineSlot<PendingOutcomeStore>("mastra.pending_outcomes");
/** The calls the layer's model has shown Mastra, per session: a suspended run resumed later executes them. */
const SURFACED = defineSlot<Map<string, Map<string, SurfacedCall>>>("mastra.surfaced_calls");

const CONTINUE: MastraCall = (agent, o) => agent.generate("continue", o);

export function createHardenedEngine(env: EngineContext, options: HardeningOptions = {}): Engine<"mastra_hardened"> {
  // State reads, the trace and a restore from an older copy are the contract's stores, read as the reference reads them.
  const reference = handwrittenFactory.create(env);
  const kept = slotOf(env, SUSPENDED_RUNS, (): SuspendedRunStore => new Map());
  const surfacedIn = slotOf(env, SURFACED, () => new Map<string, Map<string, SurfacedCall>>());
  const pending = slotOf(env, PENDING, createMemoryPendingOutcomes);
  const deps: DriverDeps = { ...env, inputLimits: DEFAULT_INPUT_LIMITS, pendingOutcomes: pending };
  const maxSteps = env.limits.maxSteps * 2 + 4;

  const load = async (session_id: string): Promise<AgentState> => {
    const state = unwrapEngine(await reference.state(session_id));
    if (state === undefined) throw new EngineUsageError("unknown_session", `no checkpoint for session ${session_id}`);
    return state;
  };

  /** One Mastra call (generate, or the approval API) over the team's agent, hardened, on one session's driver. */
  const runMastra = async (driver: Driver, call: MastraCall): Promise<SuspendedRun | null> => {
    const controller = new AbortController();
    const surfaced = surfacedIn.get(live(driver).session_id) ?? new Map<string, SurfacedCall>();
    surfacedIn.set(live(driver).session_id, surfaced);
    const model = plannerModel(driver, surfaced);
    const executor = guardedExecutor(driver, surfaced, () => controller.abort());
    const hooks = {
      waits: (tool: string, args: unknown) => waitsOnCall(live(driver), tool, args),
      execute: (toolCallId: string, args: unknown) => executor.execute(toolCallId, args),
      clock: env.clock,
    };
    const tools = Object.fromEntries(env.registry.list().map((spec) => [spec.name, hardenTool(spec, hooks, options)]));
    let output: MastraOutput | null = null;
    try {
      output = await call(mastraAgent(env, model, tools), { maxSteps, abortSignal: controller.signal });
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
    const died = executor.died();
    if (died !== null) throw died.error;
    const toolCallId = (output?.suspendPayload as { toolCallId?: unknown } | undefined)?.toolCallId;
    return output?.finishReason === "suspended" && output.runId !== undefined && typeof toolCallId === "string"
      ? { runId: output.runId, toolCallId }
      : null;
  };

  /**
   * Runs Mastra until the contract waits or ends: a new generate whenever Mastra stopped with the
   * contract's work left. Work Mastra cannot reach (a call in flight when the process died, the
   * calls of a batch after the one it suspended on) the contract performs itself. A suspension is
   * kept, sealed, at the checkpoint where the contract waits on that very call.
   */
  const carryOn = async (driver: Driver, first?: MastraCall): Promise<AgentState> => {
    let call: MastraCall = first ?? CONTINUE;
    let suspended: SuspendedRun | null = null;
    for (let round = 0; round < maxSteps; round++) {
      const before = live(driver).checkpoint_hash;
      if (isTerminal(live(driver)) || driver.effects().length === 0) break;
      if (suspended === null) suspended = await runMastra(driver, call);
      call = CONTINUE;
      if (live(driver).checkpoint_hash !== before && suspended === null) continue;
      if (driver.effects()[0] === undefined || driver.effects()[0]?.type === "planner/request") break;
      await drain(driver);
    }
    const state = live(driver);
    if (suspended !== null && waitsOn(state, suspended.toolCallId))
      keepSuspendedRun(kept, env.secret, options, state, suspended);
    return state;
  };
  const openDriver = (state: AgentState | null, event: DriverEvent | null) => {
    const driver = createDriver(deps, state);
    if (event !== null) driver.dispatch(event);
    return driver;
  };

  return engineOf({
    id: "mastra_hardened",
    async start(session_id, goal) {
      if (unwrapEngine(await reference.state(session_id)) !== undefined)
        throw new EngineUsageError("session_exists", `session ${session_id} already has checkpoints`);
      const driver = openDriver(null, { type: "run/started", session_id, goal, at: env.clock.now() });
      return carryOn(driver, (agent, o) => agent.generate(mastraInput(options, goal), o));
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
      // The kept run is opened (its seal checked) before the answer is applied: a tampered one changes nothing.
      const run = openSuspendedRun(kept, env.secret, options, before);
      const driver = openDriver(before, null);
      const decision = checkAnswer(driver, before, run?.toolCallId ?? "", parsed.value, env.clock.now(), options);
      if (decision === null) {
        // The answer was refused and the call still waits: its suspended run moves to the checkpoint the refusal wrote.
        const after = live(driver);
        if (run !== undefined && waitsOn(after, run.toolCallId)) {
          spendSuspendedRun(kept, options, before);
          keepSuspendedRun(kept, env.secret, options, after, run);
        }
        return after;
      }
      if (run === undefined) return carryOn(driver);
      spendSuspendedRun(kept, options, before);
      const { runId, toolCallId } = run;
      return carryOn(driver, (agent, o) =>
        decision === "approve"
          ? agent.approveToolCallGenerate({ runId, toolCallId, ...o })
          : agent.declineToolCallGenerate({ runId, toolCallId, ...o }),
      );
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
    storageSnapshot: () => storedRuns(env),
    rewindToApproval: async (session_id) => {
      if (reference.rewindToApproval === undefined) throw new Error("the reference engine cannot rewind");
      return unwrapEngine(await reference.rewindToApproval(session_id));
    },
  });
}

/** The hardened engine as a factory, with pieces of the layer switched off for an ablation. */
export const createMastraHardenedFactory = (options: HardeningOptions = {}): EngineFactory<"mastra_hardened"> => ({
  id: "mastra_hardened",
  version: MASTRA_VERSION,
  shape: async () => null,
  create: (env) => createHardenedEngine(env, options),
  layer: layerOf(HARDENING_PIECES, BACKED_UP_BY, (disable) => createMastraHardenedFactory({ disable })),
});

/** The registry's hardened engine: every piece of the layer on. */
export const mastraHardenedFactory: EngineFactory<"mastra_hardened"> = createMastraHardenedFactory();
