/**
 * LangChain's createAgent hardened by the layer in harden/: LangChain's own agent graph, tool tasks,
 * interrupts and checkpointer, the contract entering only through the layer's pieces; the contract's
 * reducer records what the agent does through the driver the layer's model and tools call. Extension
 * points as documented for langchain 1.5.14 / @langchain/langgraph 1.7.3: `wrapToolCall` middleware
 * (https://docs.langchain.com/oss/javascript/langchain/middleware/custom), the human-in-the-loop resume
 * (https://docs.langchain.com/oss/javascript/langchain/human-in-the-loop) and interrupts resumed by id
 * (https://docs.langchain.com/oss/javascript/langgraph/interrupts). `disable` switches pieces off.
 */
import { Command, MemorySaver } from "@langchain/langgraph";
import { HumanMessage } from "@langchain/core/messages";
import { createAgent } from "langchain";
import { confirmUncertain, DEFAULT_INPUT_LIMITS, isTerminal, parseApprovalInput } from "../../contract/index.js";
import type { AgentState } from "../../contract/index.js";
import {
  answerTo,
  awaitsApproval,
  callsOfTurn,
  createDriver,
  createMemoryPendingOutcomes,
  defineSlot,
  engineOf,
  EngineUsageError,
  guardedExecutor,
  inBatch,
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
  agentInput,
  approvalMiddleware,
  BACKED_UP_BY,
  checkAnswer,
  hardenTool,
  HARDENING_PIECES,
  keepThread,
  openThread,
  plannerChatModel,
  resumeOf,
  type HardeningOptions,
  type KeptThreads,
} from "./harden/index.js";
import { firstOf, toolGuard } from "./native-tools.js";
import { LANGCHAIN_VERSION } from "./versions.js";

/** The agent's checkpointer and the sealed threads of each session, beside the contract checkpoints they stopped at. */
export const THREADS = defineSlot<KeptThreads>("langchain.hardened_threads");
const PENDING = defineSlot<PendingOutcomeStore>("langchain.pending_outcomes");

export function createLangChainHardenedEngine(
  env: EngineContext,
  options: HardeningOptions = {},
): Engine<"langchain_agent_hardened"> {
  // State reads, the trace and a restore from an older copy are the contract's stores, read as the reference reads them.
  const reference = handwrittenFactory.create(env);
  const store = env.slots.get(THREADS) ?? { saver: new MemorySaver(), threads: new Map(), made: 0 };
  env.slots.set(THREADS, store);
  let pending = env.slots.get(PENDING);
  if (pending === undefined) env.slots.set(PENDING, (pending = createMemoryPendingOutcomes()));
  const deps: DriverDeps = { ...env, inputLimits: DEFAULT_INPUT_LIMITS, pendingOutcomes: pending };
  const specs = env.registry.list();
  const recursionLimit = (env.limits.maxSteps * 2 + 4) * 2;

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
      answeredByContract: (callId: string) => {
        const state = current(driver);
        const authorized = callsOfTurn(state).some((c) => c.callId === callId) && !awaitsApproval(state, callId);
        return authorized || answerTo(state, callId, inBatch(state, callId)) !== undefined;
      },
    };
    return createAgent({
      model: plannerChatModel(driver),
      tools: specs.map((spec) => hardenTool(spec, hooks, options)),
      // The library's types fail under exactOptionalPropertyTypes: the values are as the docs write them.
      middleware: [approvalMiddleware(specs, hooks, options), toolGuard(specs)] as never,
      checkpointer: store.saver,
    });
  };

  /** Runs the agent on a thread until it ends or interrupts; an interrupted thread is kept beside its checkpoint. */
  const runAgent = async (driver: Driver, input: unknown, thread_id: string, checkpoint_id?: string) => {
    const at = checkpoint_id === undefined ? { thread_id } : { thread_id, checkpoint_id };
    const config = { configurable: at, recursionLimit };
    try {
      const result = (await agentFor(driver).invoke(input as never, config as never)) as {
        __interrupt__?: { id?: string; value?: { callId?: string } }[];
      };
      const state = current(driver);
      const saved = await store.saver.getTuple({ configurable: { thread_id } });
      const checkpoint_id = saved?.config.configurable?.["checkpoint_id"];
      if ((result.__interrupt__?.length ?? 0) > 0 && typeof checkpoint_id === "string") {
        // Each waiting call's interrupt, by LangGraph's interrupt id: the resume answers each by its id.
        const asked = (result.__interrupt__ ?? []).flatMap((i) =>
          i.id !== undefined && typeof i.value?.callId === "string"
            ? [{ interruptId: i.id, callId: i.value.callId }]
            : [],
        );
        keepThread(store.threads, env.secret, options, state, { thread_id, checkpoint_id, asked });
      }
    } catch (error) {
      if (!(error instanceof Error && error.name === "GraphRecursionError")) throw firstOf(error);
    }
    return current(driver);
  };
  const newThread = (session_id: string) => `${session_id}#${++store.made}`;
  const openDriver = (state: AgentState | null, event: DriverEvent | null) => {
    const driver = createDriver(deps, state);
    if (event !== null) driver.dispatch(event);
    return driver;
  };
  /** Continues a turn the contract holds (after a restart, a reconcile or one answer of several): a new thread over it. */
  const carryOn = (driver: Driver) => {
    const state = current(driver);
    if (isTerminal(state)) return Promise.resolve(state);
    return runAgent(driver, { messages: [new HumanMessage("continue")] }, newThread(state.session_id));
  };

  return engineOf({
    id: "langchain_agent_hardened",
    async start(session_id, goal) {
      if (unwrapEngine(await reference.state(session_id)) !== undefined)
        throw new EngineUsageError("session_exists", `session ${session_id} already has checkpoints`);
      const driver = openDriver(null, { type: "run/started", session_id, goal, at: env.clock.now() });
      const input = { messages: [new HumanMessage(agentInput(options, goal))] };
      return runAgent(driver, input, newThread(session_id));
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
      // The kept thread is opened (its seal checked) before the answer is applied: a tampered one changes nothing.
      const thread = openThread(store.threads, env.secret, options, before);
      const driver = openDriver(before, null);
      const answer = checkAnswer(driver, before, parsed.value, env.clock.now(), options);
      if (answer === null) return current(driver);
      const after = current(driver);
      // The interrupt takes every decision at once: while the contract still waits on one, a new run asks again.
      if (thread === undefined || after.status === "approval_required") return carryOn(driver);
      const resume = resumeOf(thread, answer, before, after);
      return runAgent(driver, new Command({ resume }), thread.thread_id, thread.checkpoint_id);
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
export const createLangChainHardenedFactory = (
  options: HardeningOptions = {},
): EngineFactory<"langchain_agent_hardened"> => ({
  id: "langchain_agent_hardened",
  version: LANGCHAIN_VERSION,
  shape: async () => null,
  create: (env) => createLangChainHardenedEngine(env, options),
  layer: layerOf(HARDENING_PIECES, BACKED_UP_BY, (disable) => createLangChainHardenedFactory({ disable })),
});

/** The registry's hardened engine: every piece of the layer on. */
export const langchainHardenedFactory: EngineFactory<"langchain_agent_hardened"> = createLangChainHardenedFactory();
