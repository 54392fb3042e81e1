/**
 * The page's driver around the real reducer. One `advance()` is one reducer transition: it
 * performs the effect the reducer asked for last (with the real contract code: the FixtureModel
 * planner, `beginCall` on the ledger, `executeIntent` on the fixture tools) and dispatches the
 * event that came back into `step` from handwritten/engine, unchanged. Like the handwritten
 * runner, it saves a checkpoint after every step; unlike it, it stops after each one.
 */
import {
  approvePending,
  confirmUncertain,
  err,
  isTerminal,
  ok,
  toCheckpoint,
  DEFAULT_INPUT_LIMITS,
  type AgentState,
  type Result,
  type TraceEvent,
} from "../handwritten/contract/index.js";
import { performEffect, step, type Effect, type EngineEvent, type StepConfig } from "../handwritten/engine/index.js";
import { createFixtureRegistry, finalAnswer, toolCall, type Fault } from "../handwritten/fixtures/index.js";
import { createEnvironment, type Environment } from "../scenarios/environment.js";
import { pathOf, phaseOfTrace, type Phase } from "./phases.js";
import { createFaultSchedule, withFaultSchedule, type FaultSchedule } from "./schedule.js";

export type Settings = {
  /** Planner turns allowed (the contract's `max_steps`). */
  readonly maxSteps: number;
  /** Percent of executor calls that get a transient fault. */
  readonly failureRatePercent: number;
  /** Seed of the fault schedule (an unsigned 32-bit integer). */
  readonly seed: number;
  /** A fault injected once, on top of the seeded transient ones. */
  readonly fault: LoopFault;
};

/**
 * `timeout_after_dispatch`: the high-risk publish lands, then never answers. The ledger holds the
 * key as dispatched, so nobody can know whether it ran: the run stops in `reconcile_required`.
 */
export const LOOP_FAULTS = ["none", "timeout_after_dispatch"] as const;
export type LoopFault = (typeof LOOP_FAULTS)[number];

export function faultsOf(fault: LoopFault): readonly Fault[] {
  switch (fault) {
    case "none":
      return [];
    case "timeout_after_dispatch":
      return [{ tool: "publish_report", kind: "timeout_after_effect", times: 1 }];
  }
}

export function isLoopFault(value: unknown): value is LoopFault {
  return typeof value === "string" && (LOOP_FAULTS as readonly string[]).includes(value);
}

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  maxSteps: 8,
  failureRatePercent: 20,
  seed: 13,
  fault: "none",
});
export const MAX_STEPS_RANGE = { min: 1, max: 20 } as const;

export const SESSION_ID = "web-demo";
export const GOAL = "Fit weekly signups against spend and publish the report to the team.";

/** The FixtureModel's script: a small research workflow touching every runnable risk class. */
export const SCRIPT: readonly string[] = Object.freeze([
  toolCall("read_table", { table: "sales", limit: 8 }),
  toolCall("run_regression", { table: "sales", x: "spend", y: "signups" }),
  toolCall("save_artifact", { name: "signups_vs_spend", content: "signups rise about 0.3 per unit of spend" }),
  toolCall("publish_report", { artifact: "art_signups_vs_spend", audience: "team" }),
  finalAnswer("Published the signups-vs-spend report to the team."),
]);

/** The id seed of the run (approval nonces); it follows the page's seed, so a seed reproduces the whole run. */
export const idSeedOf = (seed: number) => `web-${seed}`;

/** One reducer transition as the page shows it. */
export type Transition = {
  readonly n: number;
  readonly event: EngineEvent["type"];
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
    script: SCRIPT,
    faults: faultsOf(settings.fault),
    limits: { maxSteps: settings.maxSteps },
    seed: idSeedOf(settings.seed),
  });
  const env: Environment = { ...base, registry: createFixtureRegistry(withFaultSchedule(base.world, schedule)) };
  const config: StepConfig = {
    registry: env.registry,
    ids: env.ids,
    secret: env.secret,
    limits: env.limits,
    inputLimits: DEFAULT_INPUT_LIMITS,
  };

  let state: AgentState | null = null;
  let effects: Effect[] = [];
  const trace: TraceEvent[] = [];
  const transitions: Transition[] = [];
  let busy = false;

  const perform = (effect: Effect, current: AgentState): Promise<EngineEvent> => performEffect(env, effect, current);

  function dispatch(event: EngineEvent, effect: Effect["type"] | null): Transition {
    const from = phaseOfTrace(trace);
    const result = step(config, state, event);
    if (result.state !== null && result.state !== state) env.checkpoints.put(toCheckpoint(result.state, env.secret));
    env.trace.append(result.trace);
    trace.push(...result.trace);
    state = result.state;
    effects = [...result.effects];
    const transition: Transition = {
      n: transitions.length + 1,
      event: event.type,
      effect,
      trace: result.trace,
      path: pathOf(from, result.trace),
      status: state?.status ?? null,
      ignored: result.ignored,
    };
    transitions.push(transition);
    return transition;
  }

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
    if (state === null) return { kind: "start" };
    const effect = effects[0];
    if (effect !== undefined) return { kind: "effect", effect };
    if (state.status === "approval_required") return { kind: "await_approval" };
    if (state.status === "reconcile_required") return { kind: "await_reconcile" };
    return { kind: "finished" };
  }

  const advance = () =>
    exclusive(async () => {
      const action = next();
      if (action.kind === "start")
        return dispatch({ type: "run/started", session_id: SESSION_ID, goal: GOAL, at: env.clock.now() }, null);
      if (action.kind !== "effect" || state === null) return null;
      const event = await perform(action.effect, state);
      return dispatch(event, action.effect.type);
    });

  const answer = (input: "approve" | "reject") =>
    exclusive(async () => {
      if (state === null || state.status !== "approval_required") throw new Error("no call is waiting for approval");
      const now = env.clock.now();
      const event: EngineEvent =
        input === "approve"
          ? {
              type: "approval/submitted",
              input: {
                kind: "token",
                token: approvePending(state.pending_approval, state.session_id, env.secret, now),
              },
              at: now,
            }
          : { type: "approval/submitted", input: { kind: "decline" }, at: now };
      return dispatch(event, null);
    });

  const reconcile = (operator: string) =>
    exclusive(async (): Promise<Result<Transition, string>> => {
      if (state === null) return err("nothing to reconcile: the run has not started");
      const input = { outcome: "confirmed", operator } as const;
      const confirmed = confirmUncertain(env, state, input);
      if (!confirmed.ok) return err(confirmed.error);
      return ok(dispatch({ type: "reconcile/confirmed", input, at: env.clock.now() }, null));
    });

  return {
    settings,
    env,
    config,
    schedule,
    state: () => state,
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
