/**
 * The one interpreter of the reducer, as XState has one `createActor`: every host of the contract
 * (the handwritten runner, the MCP server, the teaching page) drives `step` through it. For each
 * event it steps, checkpoints the new state before any effect of that state runs, appends the
 * trace, and performs the effects. A person's answer is decided by the contract's `approve`, which
 * spends the pending call's nonce, before the reducer sees the decision.
 */
import {
  approve,
  toCheckpoint,
  type AgentState,
  type Checkpoint,
  type NonceStore,
  type TraceEvent,
} from "../contract/index.js";
import type { Effect, EffectType } from "./effects.js";
import type { EngineEvent } from "./events.js";
import { performEffect, type PerformDeps } from "./perform.js";
import { ignore, NOT_WAITING, step, type StepConfig, type StepResult } from "./step.js";

export type DriverDeps = PerformDeps &
  StepConfig & {
    readonly nonces: NonceStore;
    readonly secret: string;
    readonly checkpoints: { put(checkpoint: Checkpoint, after?: string | null): void };
    readonly trace: { append(events: readonly TraceEvent[]): void };
    /**
     * Runs one applied event's store writes (a nonce claim, its trace, its checkpoint) as one
     * transaction, so a claim whose checkpoint does not go in is undone (`EngineContext.atomically`).
     * Required: a durable host without it lost approved calls when two workers got one approval.
     */
    readonly atomically: <T>(body: () => T) => T;
  };

/** What the world hands the driver: a reducer event, or a person's raw answer for `approve` to decide. */
export type DriverEvent =
  | Exclude<EngineEvent, { readonly type: "approval/decided" }>
  | { readonly type: "approval/submitted"; readonly at: number; readonly input: unknown };

/** One applied event, with the effect whose result it reports (null for an event from outside). */
export type DriverStep = {
  readonly event: DriverEvent | EngineEvent;
  readonly effect: EffectType | null;
  readonly result: StepResult;
};

export type RunUntil = {
  /** Stops before asking the planner: the MCP host plans, and its next request is the next turn. */
  readonly planner?: boolean;
  /** The caller's cancellation, handed to the tool executor. */
  readonly signal?: AbortSignal;
};

export type Driver = {
  state(): AgentState | null;
  /** Effects the last step asked for that have not run yet. */
  effects(): readonly Effect[];
  /** Applies one event: step, checkpoint, trace. A person's answer is decided by `approve` first. */
  dispatch(event: DriverEvent): DriverStep;
  /** Performs the next effect, if there is one, and applies the event that reports it. */
  performNext(signal?: AbortSignal): Promise<DriverStep | null>;
  /** Applies `event`, then performs effects until the run waits, ends or (`until.planner`) needs the planner. */
  run(event: DriverEvent, until?: RunUntil): Promise<AgentState | null>;
};

export function createDriver(
  deps: DriverDeps,
  initial: AgentState | null,
  observe: (step: DriverStep) => void = ignoreStep,
): Driver {
  return new Interpreter(deps, initial, observe);
}

const ignoreStep = (): void => undefined;

/**
 * The driver as a class: a host makes one per request, and methods on the prototype cost nothing to
 * make, where a closure per method would be allocated (and, under tsx, named) on every request.
 */
class Interpreter implements Driver {
  #state: AgentState | null;
  #effects: readonly Effect[] = [];

  constructor(
    private readonly deps: DriverDeps,
    initial: AgentState | null,
    private readonly observe: (step: DriverStep) => void,
  ) {
    this.#state = initial;
  }

  state(): AgentState | null {
    return this.#state;
  }

  effects(): readonly Effect[] {
    return this.#effects;
  }

  dispatch(event: DriverEvent): DriverStep {
    return this.#apply(event, null);
  }

  performNext(signal?: AbortSignal): Promise<DriverStep | null> {
    const effect = this.#effects[0];
    const state = this.#state;
    if (effect === undefined || state === null) return Promise.resolve(null);
    return this.#perform(effect, state, signal);
  }

  async run(event: DriverEvent, until: RunUntil = {}): Promise<AgentState | null> {
    this.#apply(event, null);
    for (let next = this.#effects[0]; next !== undefined; next = this.#effects[0]) {
      if (until.planner === true && next.type === "planner/request") break;
      const state = this.#state;
      if (state === null) break;
      await this.#perform(next, state, until.signal);
    }
    return this.#state;
  }

  /** Performs `effect` on `state` and applies the fact it reports. */
  async #perform(effect: Effect, state: AgentState, signal: AbortSignal | undefined): Promise<DriverStep> {
    return this.#apply(await performEffect(this.deps, effect, state, signal), effect.type);
  }

  /** Steps, traces and checkpoints one event. */
  #commit(event: DriverEvent | EngineEvent): StepResult {
    const { deps } = this;
    const state = this.#state;
    const stepped = reduce(deps, state, event);
    // The audit log first: where the two are not one transaction, a process that dies between them has traced a
    // transition it may not have saved (a resume traces it again, `currentHistory` keeps the later one), never the reverse.
    if (stepped.trace.length > 0) deps.trace.append(stepped.trace);
    if (stepped.state !== null && stepped.state !== state)
      deps.checkpoints.put(toCheckpoint(stepped.state, deps.secret), state?.checkpoint_hash ?? null);
    return stepped;
  }

  #apply(event: DriverEvent | EngineEvent, effect: EffectType | null): DriverStep {
    // One transaction: `approve` may spend a nonce, and the spend stands only with the checkpoint
    // that records it; a checkpoint that lost its place to another writer (`after` is no longer the
    // session's latest) rolls the claim back, and the token stays good for a retry.
    const result = this.deps.atomically(() => this.#commit(event));
    this.#state = result.state;
    this.#effects = result.effects;
    const applied = { event, effect, result };
    this.observe(applied);
    return applied;
  }
}

/** The reducer's step, with a person's answer decided (and its nonce spent) by `approve` first. */
function reduce(deps: DriverDeps, state: AgentState | null, event: DriverEvent | EngineEvent): StepResult {
  if (event.type !== "approval/submitted") return step(deps, state, event);
  if (state?.status !== "approval_required") return ignore(state, NOT_WAITING);
  return step(deps, state, {
    type: "approval/decided",
    decision: approve(deps, state, event.input, event.at),
    at: event.at,
  });
}
