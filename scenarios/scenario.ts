/**
 * A scenario is data — a scripted planner route, injected faults and a list of actions a person
 * or the process takes — plus an observation function over what happened. `runScenario` plays
 * it against any engine; no scenario is ever written twice.
 */
import {
  approvePending,
  assertNever,
  digest,
  isProcessCrash,
  type AgentState,
  type JsonValue,
  type Planner,
  type TraceEvent,
} from "../contract/index.js";
import { EngineUsageError, engineContextOf, type Engine, type EngineFactory } from "../runtime/api.js";
import { createEnvironment, type Environment, type EnvironmentOptions } from "../handwritten/fixtures/environment.js";
import { withWorkBudget } from "./budget.js";

export type Action =
  /** Starts the session; a scenario meant for real planners states its own goal. */
  | { readonly kind: "start"; readonly goal?: string }
  /** A person approves the pending call: a token signed for exactly that call. */
  | { readonly kind: "approve" }
  | { readonly kind: "decline" }
  /** A token is signed for the pending call and kept in `memo` under `as`, not sent (a person holds it). */
  | { readonly kind: "mint_token"; readonly as: string }
  /** Submits a token the scenario builds (tampered, stale, for another call…); `memo` holds earlier tokens. */
  | {
      readonly kind: "submit_token";
      readonly token: (env: Environment, state: AgentState, memo: ReadonlyMap<string, string>) => string;
    }
  /** A new process over the same durable stores continues the session. */
  | { readonly kind: "restart_and_resume" }
  | { readonly kind: "reconcile"; readonly operator: string }
  | { readonly kind: "advance_clock"; readonly ms: number }
  /** The session goes back to its most recent earlier approval point (`rewind.ts`). */
  | { readonly kind: "rewind_to_approval" };

/** What the world and the checkpoint looked like after an action. */
export type Snapshot = {
  readonly action: Action["kind"];
  /** The action died with a simulated process crash. */
  readonly crashed: boolean;
  /** The engine refused the action (its usage error code), or null. */
  readonly refused: string | null;
  /** The ledger state of every key an executor saw so far. */
  readonly ledger: Readonly<Record<string, string | null>>;
  readonly state: AgentState | undefined;
  readonly side_effects: number;
  readonly executor_calls: number;
};

export type RunRecord = {
  readonly snapshots: readonly Snapshot[];
  readonly final: AgentState;
  readonly trace: readonly TraceEvent[];
  readonly env: Environment;
};

export type Scenario = {
  readonly name: string;
  readonly summary: string;
  readonly options: EnvironmentOptions;
  readonly goal: string;
  readonly actions: readonly Action[];
  observe(record: RunRecord): JsonValue;
};

export type ScenarioRun = {
  readonly observation: JsonValue;
  readonly graph_steps: number | null;
  readonly trace: readonly TraceEvent[];
};

export const SESSION_ID = "session-13";

/** The goal every FixtureModel scenario starts with (their scripts ignore it). */
export const DEFAULT_GOAL = "Summarise the sales table and share the report.";

export type RunOptions = {
  /** Sees the environment before the first action (tests attach observers to it). */
  readonly instrument?: (env: Environment) => void;
  /** Whether to count graph steps (reading a framework's checkpoint history is not free). @default true */
  readonly graphSteps?: boolean;
  /** Builds the run's environment (`--store`: the stores on a database). @default createEnvironment, in memory */
  readonly environment?: (options: EnvironmentOptions) => Environment;
  /** A planner in place of the scenario's FixtureModel (a replayed route, a recording chat model). */
  readonly planner?: Planner;
  /** Trace events plus checkpoints one run may write (scenarios/budget.ts). @default DEFAULT_WORK_BUDGET */
  readonly workBudget?: number;
};

export async function runScenario(
  factory: EngineFactory<string>,
  scenario: Scenario,
  options: RunOptions = {},
): Promise<ScenarioRun> {
  // Every run, on every engine, is bounded: an engine that never settles fails its run, not the process.
  const built = withWorkBudget((options.environment ?? createEnvironment)(scenario.options), options.workBudget);
  const env = options.planner === undefined ? built : { ...built, planner: options.planner };
  options.instrument?.(env);
  let engine: Engine<string> = factory.create(engineContextOf(env));
  const snapshots: Snapshot[] = [];
  const memo = new Map<string, string>();
  for (const action of scenario.actions) {
    let crashed = false;
    let refused: string | null = null;
    try {
      if (action.kind === "restart_and_resume") engine = factory.create(engineContextOf(env));
      await perform(engine, env, action, memo);
    } catch (error) {
      if (error instanceof EngineUsageError) refused = error.code;
      else if (isProcessCrash(error)) crashed = true;
      else throw error;
    }
    const keys = Object.values(env.world.data.calls)
      .flatMap((byKey) => Object.keys(byKey))
      .sort();
    snapshots.push({
      action: action.kind,
      crashed,
      refused,
      state: await engine.state(SESSION_ID),
      side_effects: env.world.totalEffects(),
      executor_calls: env.world.totalCalls(),
      ledger: Object.fromEntries(keys.map((key) => [key, env.ledger.get(key)?.state ?? null])),
    });
  }
  const final = await engine.state(SESSION_ID);
  if (final === undefined) throw new Error(`scenario ${scenario.name} left no state on ${factory.id}`);
  const trace = await engine.trace(SESSION_ID);
  const graph_steps = options.graphSteps === false ? null : await engine.graphSteps(SESSION_ID);
  return { observation: scenario.observe({ snapshots, final, trace, env }), graph_steps, trace };
}

async function perform(
  engine: Engine<string>,
  env: Environment,
  action: Action,
  memo: Map<string, string>,
): Promise<void> {
  const current = async () => {
    const state = await engine.state(SESSION_ID);
    if (state === undefined) throw new EngineUsageError("unknown_session", `no state for ${SESSION_ID}`);
    return state;
  };
  const mint = async () => {
    const state = await current();
    if (state.pending_approval === null) throw new EngineUsageError("approval_not_pending", "nothing to approve");
    return approvePending(state.pending_approval, SESSION_ID, env.secret, env.clock.now());
  };
  switch (action.kind) {
    case "start":
      await engine.start(SESSION_ID, action.goal ?? DEFAULT_GOAL);
      return;
    case "approve": {
      const token = await mint();
      memo.set("last_approval", token);
      await engine.submitApproval(SESSION_ID, { kind: "token", token });
      return;
    }
    case "mint_token":
      memo.set(action.as, await mint());
      return;
    case "decline":
      await engine.submitApproval(SESSION_ID, { kind: "decline" });
      return;
    case "submit_token":
      await engine.submitApproval(SESSION_ID, { kind: "token", token: action.token(env, await current(), memo) });
      return;
    case "restart_and_resume":
      await engine.resume(SESSION_ID);
      return;
    case "reconcile":
      await engine.reconcileUncertain(SESSION_ID, { outcome: "confirmed", operator: action.operator });
      return;
    case "advance_clock":
      env.clock.advance(action.ms);
      return;
    case "rewind_to_approval":
      if (engine.rewindToApproval === undefined)
        throw new EngineUsageError("rewind_unsupported", `${engine.id} cannot rewind a session`);
      await engine.rewindToApproval(SESSION_ID);
      return;
    default:
      assertNever(action);
  }
}

/** Facts every observation carries: the run's identity as the contract sees it. */
export function fingerprint(record: RunRecord) {
  return {
    final_status: record.final.status,
    steps: record.final.step,
    checkpoint_hash: record.final.checkpoint_hash,
    trace_types: record.trace.map((e) => e.type),
    trace_digest: digest(record.trace),
  };
}
