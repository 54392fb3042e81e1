/**
 * The OpenAI Agents SDK, hardened by the contract: the SDK's own loop, tools, needsApproval and
 * RunState, with runtime/driver.ts behind every hook (shell.ts). The contract's sealed checkpoint is
 * written before every effect; the RunState the SDK hands back at an interruption is sealed and kept
 * beside the contract checkpoint it belongs to, and a resumed RunState runs nothing the contract
 * has not authorized: a second resume of the same approval finds its nonce spent.
 */
import { RunState } from "@openai/agents";
import {
  CheckpointTamperedError,
  checkSeal,
  confirmUncertain,
  DEFAULT_INPUT_LIMITS,
  isTerminal,
  parseApprovalInput,
  sealOf,
  type AgentState,
} from "../../contract/index.js";
import {
  createDriver,
  createMemoryPendingOutcomes,
  defineSlot,
  engineOf,
  EngineUsageError,
  unwrapEngine,
  type DriverDeps,
  type DriverEvent,
  type Engine,
  type EngineContext,
  type EngineFactory,
  type PendingOutcomeStore,
} from "../../runtime/index.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { unwrapRunError } from "./errors.js";
import { hardenedAgent, runner, sessionDrive, type SessionDrive } from "./shell.js";
import { answerTo, awaitsApproval, inBatch } from "./turn.js";
import { OPENAI_AGENTS_VERSION } from "./versions.js";

type SealedRunState = { readonly checkpoint_hash: string; readonly run_state: string; readonly seal: string };
/** The sealed RunStates of each session's interruptions, by the contract checkpoint each was taken at. */
export const RUN_STATES = defineSlot<Map<string, SealedRunState>>("openai_agents.run_states");
const PENDING = defineSlot<PendingOutcomeStore>("openai_agents.pending_outcomes");

const slot = <T>(env: EngineContext, key: typeof RUN_STATES | typeof PENDING, make: () => T): T => {
  const kept = env.slots.get(key as never) as T | undefined;
  if (kept !== undefined) return kept;
  const made = make();
  env.slots.set(key as never, made as never);
  return made;
};

export function createHardenedEngine(env: EngineContext): Engine<"openai_agents_hardened"> {
  // State reads, the trace and a restore from an older copy are the contract's, as on the reference engine.
  const reference = handwrittenFactory.create(env);
  const runStates = slot(env, RUN_STATES, () => new Map<string, SealedRunState>());
  const deps: DriverDeps = {
    ...env,
    inputLimits: DEFAULT_INPUT_LIMITS,
    pendingOutcomes: slot(env, PENDING, createMemoryPendingOutcomes),
  };
  const maxTurns = env.limits.maxSteps * 2 + 4;
  const load = async (session_id: string): Promise<AgentState> => {
    const state = unwrapEngine(await reference.state(session_id));
    if (state === undefined) throw new EngineUsageError("unknown_session", `no checkpoint for session ${session_id}`);
    return state;
  };
  const key = (state: AgentState) => `${state.session_id}\n${state.checkpoint_hash}`;

  /** Runs the SDK's loop over the driver until it ends or interrupts; an interruption's RunState is sealed and kept. */
  const runSdk = async (
    drive: SessionDrive,
    input: string | ((agent: ReturnType<typeof hardenedAgent>) => Promise<RunState<unknown, never>>),
  ) => {
    const agent = hardenedAgent(drive, env.registry.names);
    try {
      const result = await runner.run(agent, typeof input === "string" ? input : await input(agent), { maxTurns });
      const state = drive.driver.state();
      if (result.interruptions.length > 0 && state !== null) {
        const run_state = result.state.toString();
        const record = { checkpoint_hash: state.checkpoint_hash, run_state };
        runStates.set(key(state), { ...record, seal: sealOf(env.secret, state.session_id, record) });
      }
    } catch (error) {
      throw unwrapRunError(error);
    }
    return drive.driver.state() ?? (await load(""));
  };
  const openDrive = (state: AgentState | null, event: DriverEvent) => {
    const driver = createDriver(deps, state);
    driver.dispatch(event);
    return sessionDrive(driver);
  };
  /** Continues a turn the contract already holds (after a restart, a reconcile or an approval without a RunState). */
  const carryOn = (drive: SessionDrive) => {
    const state = drive.driver.state();
    if (state === null || isTerminal(state)) return Promise.resolve(state ?? load(""));
    return runSdk(drive, "continue");
  };

  return engineOf({
    id: "openai_agents_hardened",
    async start(session_id, goal) {
      if (unwrapEngine(await reference.state(session_id)) !== undefined)
        throw new EngineUsageError("session_exists", `session ${session_id} already has checkpoints`);
      return runSdk(openDrive(null, { type: "run/started", session_id, goal, at: env.clock.now() }), goal);
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
      // The kept RunState is checked before the answer is applied: a tampered one changes nothing.
      const saved = runStates.get(key(before));
      if (saved !== undefined) {
        const { seal, ...record } = saved;
        const sealed = checkSeal(env.secret, session_id, record, seal);
        if (!sealed.ok) throw new CheckpointTamperedError(sealed.error);
      }
      const drive = openDrive(before, { type: "approval/submitted", input: parsed.value, at: env.clock.now() });
      const after = drive.driver.state() ?? before;
      // The contract refused the answer (bad token, expired, used): the call still waits, nothing runs.
      if (after.status === "approval_required" && after.pending_approval.nonce === before.pending_approval.nonce)
        return after;
      if (saved === undefined) return carryOn(drive);
      return runSdk(drive, async (agent) => {
        const state = await RunState.fromString(agent, saved.run_state);
        for (const item of state.getInterruptions()) {
          const callId = item.rawItem.type === "function_call" ? item.rawItem.callId : "";
          if (awaitsApproval(after, callId)) continue;
          const answer = answerTo(after, callId, inBatch(before, callId));
          if (answer?.status === "declined") state.reject(item, { message: JSON.stringify(answer.content) });
          else state.approve(item);
        }
        return state as RunState<unknown, never>;
      });
    },
    async resume(session_id) {
      return carryOn(openDrive(await load(session_id), { type: "run/resumed", at: env.clock.now() }));
    },
    async reconcileUncertain(session_id, input) {
      const state = await load(session_id);
      const confirmed = confirmUncertain(env, state, input);
      if (!confirmed.ok) throw new EngineUsageError("not_reconcilable", confirmed.error);
      return carryOn(openDrive(state, { type: "reconcile/confirmed", input, at: env.clock.now() }));
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

export const openaiAgentsHardenedFactory: EngineFactory<"openai_agents_hardened"> = {
  id: "openai_agents_hardened",
  version: OPENAI_AGENTS_VERSION,
  shape: async () => null,
  create: (env) => createHardenedEngine(env),
};
