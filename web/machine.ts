/**
 * The page's driver around the real reducer. One `advance()` is one reducer transition: it
 * performs the effect the reducer asked for last (with the real contract code: the FixtureModel
 * planner, `beginCall` on the ledger, `executeIntent` on the fixture tools) and dispatches the
 * event that came back into `step` from handwritten/engine, unchanged. Like the handwritten
 * runner, it saves a checkpoint after every step; unlike it, it stops after each one.
 */
import {
  approvePending,
  assertNever,
  confirmUncertain,
  err,
  isTerminal,
  ok,
  DEFAULT_INPUT_LIMITS,
  type AgentState,
  type Result,
  type TraceEvent,
} from "../contract/index.js";
import { createDriver, type DriverEvent, type Effect, type EngineEvent, type StepConfig } from "../runtime/index.js";
import { createFixtureRegistry } from "../handwritten/fixtures/index.js";
import { createEnvironment, type Environment } from "../handwritten/fixtures/environment.js";
import { pathOf, phaseOfTrace, type Phase } from "./phases.js";
import { createFaultSchedule, withFaultSchedule, type FaultSchedule } from "./schedule.js";
import { DEFAULT_SETTINGS, faultsOf, GOAL, idSeedOf, scriptOf, SESSION_ID, type Settings } from "./settings.js";

/** One reducer transition as the page shows it. */
export type Transition = {
  readonly n: number;
  readonly event: DriverEvent["type"] | EngineEvent["type"];
  /** The effect performed to obtain the event, or null for events a person or the page sends. */
  readonly effect: Effect["type"] | null;
  readonly trace: readonly TraceEvent[];
  readonly path: readonly Phase[];
  readonly status: AgentState["status"] | null;
  readonly ignored: string | null;
};

/** What the next single step would do. */
export type NextAction =
  | { readonly kind: "start" }
  | { readonly kind: "effect"; readonly effect: Effect }
  | { readonly kind: "await_approval" }
  | { readonly kind: "await_reconcile" }
  | { readonly kind: "finished" };

export type Machine = {
  readonly settings: Settings;
  readonly env: Environment;
  readonly config: StepConfig;
  readonly schedule: FaultSchedule;
  state(): AgentState | null;
  trace(): readonly TraceEvent[];
  transitions(): readonly Transition[];
  phase(): Phase;
  next(): NextAction;
  /** One reducer transition, or null when the run ended or waits for a person. */
  advance(): Promise<Transition | null>;
  /** A person approves the waiting call: a token from `approvePending` under the fixture secret. */
  approve(): Promise<Transition>;
  /** A person declines the waiting call. */
  reject(): Promise<Transition>;
  /**
   * An operator confirms the uncertain outcome: the contract's `confirmUncertain` records it in
   * the ledger (never calling the executor), then `reconcile/confirmed` goes to the reducer.
   * An unnamed operator or nothing to reconcile is refused with the reason; nothing changes.
   */
  reconcile(operator: string): Promise<Result<Transition, string>>;
  /** Advances until the run ends or waits for a person. */
  run(): Promise<Transition[]>;
};

/** A run never needs more transitions than this; `run()` stops there instead of spinning. */
export const MAX_TRANSITIONS = 500;

export function createMachine(settings: Settings = DEFAULT_SETTINGS): Machine {
  const schedule = createFaultSchedule(settings.seed, settings.failureRatePercent);
  const base = createEnvironment({
    script: scriptOf(settings.turns),
    faults: faultsOf(settings.fault),
    limits: { maxSteps: settings.maxSteps },
    seed: idSeedOf(settings.seed),
  });
  const env: Environment = { ...base, registry: createFixtureRegistry(withFaultSchedule(base.world, schedule)) };
  const config: StepConfig = {
    registry: env.registry,
    ids: env.ids,
    limits: env.limits,
    inputLimits: DEFAULT_INPUT_LIMITS,
  };

  const trace: TraceEvent[] = [];
  const transitions: Transition[] = [];
  let busy = false;
  let from = phaseOfTrace(trace);
  // The page records each transition the one driver applies, with the phases its trace walked.
  const driver = createDriver({ ...env, ...config }, null, ({ event, effect, result }) => {
    trace.push(...result.trace);
    transitions.push({
      n: transitions.length + 1,
      event: event.type,
      effect,
      trace: result.trace,
      path: pathOf(from, result.trace),
      status: result.state?.status ?? null,
      ignored: result.ignored,
    });
    from = phaseOfTrace(trace);
  });
  // Called only after the driver observed a transition; an empty list here is a bug in this module.
  const latest = (): Transition => {
    const last = transitions.at(-1);
    if (last === undefined) throw new Error("no transition recorded yet");
    return last;
  };

  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (busy) throw new Error("a transition is already running");
    busy = true;
    try {
      return await work();
    } finally {
      busy = false;
    }
  }

  function next(): NextAction {
    const state = driver.state();
    if (state === null) return { kind: "start" };
    const effect = driver.effects()[0];
    if (effect !== undefined) return { kind: "effect", effect };
    switch (state.status) {
      case "approval_required":
        return { kind: "await_approval" };
      case "reconcile_required":
        return { kind: "await_reconcile" };
      // With no effect left, every other status has ended (the reducer asks for an effect while it runs).
      case "ready":
      case "planned":
      case "validated":
      case "authorized":
      case "executing":
      case "batch":
      case "done":
      case "failed":
      case "step_limit":
        return { kind: "finished" };
      default:
        return assertNever(state);
    }
  }

  const advance = () =>
    exclusive(async () => {
      const action = next();
      if (action.kind === "start") {
        driver.dispatch({ type: "run/started", session_id: SESSION_ID, goal: GOAL, at: env.clock.now() });
        return latest();
      }
      return action.kind === "effect" && (await driver.performNext()) !== null ? latest() : null;
    });

  const answer = (input: "approve" | "reject") =>
    exclusive(async () => {
      const state = driver.state();
      if (state === null || state.status !== "approval_required") throw new Error("no call is waiting for approval");
      const now = env.clock.now();
      const token = approvePending(state.pending_approval, state.session_id, env.secret, now);
      driver.dispatch({
        type: "approval/submitted",
        input: input === "approve" ? { kind: "token", token } : { kind: "decline" },
        at: now,
      });
      return latest();
    });

  const reconcile = (operator: string) =>
    exclusive(async (): Promise<Result<Transition, string>> => {
      const state = driver.state();
      if (state === null) return err("nothing to reconcile: the run has not started");
      const input = { outcome: "confirmed", operator } as const;
      const confirmed = confirmUncertain(env, state, input);
      if (!confirmed.ok) return err(confirmed.error);
      driver.dispatch({ type: "reconcile/confirmed", input, at: env.clock.now() });
      return ok(latest());
    });

  return {
    settings,
    env,
    config,
    schedule,
    state: () => driver.state(),
    trace: () => trace,
    transitions: () => transitions,
    phase: () => phaseOfTrace(trace),
    next,
    advance,
    approve: () => answer("approve"),
    reject: () => answer("reject"),
    reconcile,
    async run() {
      const done: Transition[] = [];
      while (done.length < MAX_TRANSITIONS) {
        const transition = await advance();
        if (transition === null) return done;
        done.push(transition);
      }
      throw new Error(`run did not settle within ${MAX_TRANSITIONS} transitions`);
    },
  };
}

export function isFinished(machine: Machine): boolean {
  const state = machine.state();
  return state !== null && isTerminal(state);
}
