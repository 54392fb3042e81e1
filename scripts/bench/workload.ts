/**
 * The step workload: the scenario columns played against an engine with only the engine's own
 * calls on the clock. Building the environment and the engine, reading state to forge a token,
 * and observing the result are not timed; `start`, `submitApproval`, `resume` and
 * `reconcileUncertain` are, each on its own, and their times are summed.
 *
 * A step is one applied contract fact, i.e. one trace event (`run_started` included): every
 * engine applies the same facts through `applyFact` and emits the same trace, so the same
 * scenario is the same number of steps on every engine.
 */
import { unwrapEngine } from "../../runtime/index.js";
import {
  approvePending,
  assertNever,
  DEFAULT_EPOCH,
  DEFAULT_INPUT_LIMITS,
  decidePolicy,
  digest,
  hashState,
  isProcessCrash,
  validatePlannerOutput,
  type AgentState,
  type ToolRegistry,
} from "../../contract/index.js";
import { createFixtureRegistry, createFixtureWorld } from "../../handwritten/fixtures/index.js";
import {
  bareCall,
  createEnvironment,
  EngineUsageError,
  SESSION_ID,
  tamper,
  type Action,
  type Engine,
  type EngineFactory,
  type Environment,
  type Scenario,
} from "../../scenarios/index.js";
import { cpuUs, elapsedUs } from "./stats.js";

/** The goal every scenario run starts with (the one `runScenario` uses). */
export const GOAL = "Summarise the sales table and share the report.";

export type TimedRun = {
  /** Wall-clock microseconds spent inside the engine's own calls. */
  readonly us: number;
  /** CPU microseconds (user + system, all threads of this process, V8's background GC included) during those calls. */
  readonly cpu_us: number;
  /** Trace events the run left: applied contract facts. */
  readonly steps: number;
};

export type InspectedRun = TimedRun & {
  readonly trace_digest: string;
  readonly graph_steps: number | null;
  /** The manual clock moved: some sleep (a timeout or a retry backoff) waited for a timer. */
  readonly clock_moved: boolean;
  readonly env: Environment;
};

/** Plays one scenario; with `inspect`, also reads what the run left for checks (not timed). */
export async function runTimed(factory: EngineFactory, scenario: Scenario): Promise<TimedRun>;
export async function runTimed(factory: EngineFactory, scenario: Scenario, inspect: true): Promise<InspectedRun>;
export async function runTimed(
  factory: EngineFactory,
  scenario: Scenario,
  inspect = false,
): Promise<TimedRun | InspectedRun> {
  const env = createEnvironment(scenario.options);
  warmRegistry(env.registry);
  let engine: Engine = factory.create(env);
  const memo = new Map<string, string>();
  let us = 0;
  let cpu_us = 0;
  const timed = async (call: (engine: Engine) => Promise<unknown>) => {
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    try {
      await call(engine);
    } catch (error) {
      if (!(error instanceof EngineUsageError) && !isProcessCrash(error)) throw error;
    } finally {
      us += elapsedUs(start);
      cpu_us += cpuUs(cpu);
    }
  };
  const current = async (): Promise<AgentState> => {
    const state = unwrapEngine(await engine.state(SESSION_ID));
    if (state === undefined) throw new Error(`${scenario.name}: no state for ${SESSION_ID} on ${factory.id}`);
    return state;
  };
  for (const action of scenario.actions) await perform(action);
  const trace = await engine.trace(SESSION_ID);
  if (!inspect) return { us, cpu_us, steps: trace.length };
  return {
    us,
    cpu_us,
    steps: trace.length,
    trace_digest: digest(trace),
    graph_steps: await engine.graphSteps(SESSION_ID),
    clock_moved: env.clock.now() !== DEFAULT_EPOCH,
    env,
  };

  async function perform(action: Action): Promise<void> {
    switch (action.kind) {
      case "start":
        return timed((e) => e.start(SESSION_ID, GOAL));
      case "approve": {
        // A store edited between turns refuses the read: there is nothing to sign (scenario.ts records the refusal).
        if (!(await engine.state(SESSION_ID)).ok) return;
        const state = await current();
        if (state.pending_approval === null) throw new Error(`${scenario.name}: nothing to approve`);
        const token = approvePending(state.pending_approval, SESSION_ID, env.secret, env.clock.now());
        memo.set("last_approval", token);
        return timed((e) => e.submitApproval(SESSION_ID, { kind: "token", token }));
      }
      case "decline":
        return timed((e) => e.submitApproval(SESSION_ID, { kind: "decline" }));
      case "mint_token": {
        // Signing is the person's work, not the engine's: untimed.
        const state = await current();
        if (state.pending_approval === null) throw new Error(`${scenario.name}: nothing to approve`);
        memo.set(action.as, approvePending(state.pending_approval, SESSION_ID, env.secret, env.clock.now()));
        return;
      }
      case "submit_token": {
        const token = action.token(env, await current(), memo);
        return timed((e) => e.submitApproval(SESSION_ID, { kind: "token", token }));
      }
      case "restart_and_resume":
        // A new process: building it is not the engine's per-step work.
        engine = factory.create(env);
        return timed((e) => e.resume(SESSION_ID));
      case "reconcile":
        return timed((e) => e.reconcileUncertain(SESSION_ID, { outcome: "confirmed", operator: action.operator }));
      case "advance_clock":
        env.clock.advance(action.ms);
        return;
      case "rewind_to_approval":
        return timed((e) => {
          if (e.rewindToApproval === undefined) throw new Error(`${scenario.name}: ${e.id} cannot rewind`);
          return e.rewindToApproval(SESSION_ID);
        });
      case "bare_call":
        // Another caller reaching for an executor, not the engine's work: untimed.
        await bareCall(env, action.tool, action.args);
        return;
      case "edit_waiting_call":
      case "forget_outcome":
      case "restore_to_intent":
        // Someone else editing the stores, not the engine's work: untimed.
        await tamper(env, SESSION_ID, action);
        return;
      default:
        return assertNever(action);
    }
  }
}

/**
 * zod compiles a validator for each schema instance on its first parse (its JIT fast path). A
 * long-lived process pays that once per tool; the workload builds a new registry per scenario,
 * so it parses each schema once, untimed, as a running process would have already.
 */
export function warmRegistry(registry: ToolRegistry): void {
  for (const spec of registry.list()) {
    spec.input.safeParse({});
    spec.output?.safeParse({});
  }
}

/** One step of the floor: a planner output to validate and a state to hash. */
export type FloorItem = { readonly raw: string; readonly state: AgentState };

/**
 * The floor's inputs, from the handwritten runs of the workload: one item per trace event, with
 * the state checkpointed by the step that applied that event (so it hashes a state of the same
 * size) and the scenario's planner outputs in turn.
 */
export function floorItems(scenario: Scenario, env: Environment): FloorItem[] {
  const checkpoints = env.checkpoints.list(SESSION_ID);
  const script = scenario.options.script;
  return env.trace.list(SESSION_ID).map((event, i) => {
    const checkpoint = checkpoints.find((c) => c.seq >= event.seq) ?? checkpoints.at(-1);
    if (checkpoint === undefined) throw new Error(`${scenario.name}: no checkpoint for trace event ${event.seq}`);
    return { raw: script[i % script.length] ?? "", state: checkpoint.state };
  });
}

/** The registry the floor validates against (the fixture tools, as every engine's). */
export function floorRegistry(): ToolRegistry {
  return createFixtureRegistry(createFixtureWorld());
}

/**
 * The unavoidable work of one step, and nothing else: the planner output through the contract's
 * validation (size, shape, envelope and tool schema), the policy lookup for its tool, and the
 * canonical sha256 of the state (what sealing a state costs). Returns a value so none of it is dead code.
 */
export function floorStep(registry: ToolRegistry, item: FloorItem): number {
  const parsed = validatePlannerOutput(registry, item.raw, DEFAULT_INPUT_LIMITS);
  const tool = parsed.ok && parsed.value.kind === "tool_call" ? parsed.value.call.tool : "read_table";
  const spec = registry.get(tool);
  const decision = spec === undefined ? "none" : decidePolicy(spec.risk).kind;
  return hashState(item.state).charCodeAt(0) + decision.length;
}

/** Runs the floor over every item once; returns elapsed wall and CPU microseconds and a checksum. */
export function runFloor(
  registry: ToolRegistry,
  items: readonly FloorItem[],
): { us: number; cpu_us: number; checksum: number } {
  let checksum = 0;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (const item of items) checksum += floorStep(registry, item);
  return { us: elapsedUs(start), cpu_us: cpuUs(cpu), checksum };
}
