/**
 * A scenario is data — a scripted planner route, injected faults and a list of actions a person
 * or the process takes — plus an observation function over what happened. `runScenario` plays
 * it against any engine; no scenario is ever written twice.
 */
import {
  approvePending,
  assertNever,
  digest,
  err,
  ok,
  isHarnessError,
  isProcessCrash,
  type AgentState,
  type JsonValue,
  type Planner,
  type TraceEvent,
} from "../contract/index.js";
import {
  engineContextOf,
  engineErrorOf,
  unwrapEngine,
  type Engine,
  type EngineError,
  type EngineFactory,
  type EngineResult,
} from "../runtime/index.js";
import { createEnvironment, type Environment, type EnvironmentOptions } from "../handwritten/fixtures/environment.js";
import { withWorkBudget } from "./budget.js";
import { tamper, type TamperAction } from "./tamper.js";

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
  | { readonly kind: "rewind_to_approval" }
  /** A caller handed the engine's registry (a naive MCP adapter) calls a tool's executor itself, past the contract. */
  | { readonly kind: "bare_call"; readonly tool: string; readonly args: JsonValue }
  /** Someone with write access to the stores edits them between turns (tamper.ts). */
  | TamperAction;

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
  /** Why the engine refused to read its state after the action (a tampered store), or null. */
  readonly unreadable: string | null;
  readonly side_effects: number;
  readonly executor_calls: number;
};

export type RunRecord = {
  readonly snapshots: readonly Snapshot[];
  readonly final: AgentState;
  readonly trace: readonly TraceEvent[];
  readonly env: Environment;
  /** What the engine stored beyond the contract's stores and its slots, read once the run ended (`storageSnapshot`). */
  readonly engineStorage: readonly string[];
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
  const snapshots: Snapshot[] = [];
  const { engine, env } = await play(factory, scenario, options, snapshots);
  const final = unwrapEngine(await engine.state(SESSION_ID));
  if (final === undefined) throw new Error(`scenario ${scenario.name} left no state on ${factory.id}`);
  const trace = await engine.trace(SESSION_ID);
  const graph_steps = options.graphSteps === false ? null : await engine.graphSteps(SESSION_ID);
  const engineStorage = (await engine.storageSnapshot?.(SESSION_ID)) ?? [];
  return { observation: scenario.observe({ snapshots, final, trace, env, engineStorage }), graph_steps, trace };
}

/**
 * Plays the scenario's actions again and returns only the trace: a replay compared with an earlier
 * run by its trace reads no state between actions and observes nothing.
 */
export async function replayTrace(
  factory: EngineFactory<string>,
  scenario: Scenario,
  options: RunOptions = {},
): Promise<readonly TraceEvent[]> {
  const { engine } = await play(factory, scenario, options, null);
  return engine.trace(SESSION_ID);
}

/** Plays every action on a fresh environment; after each, a snapshot when `snapshots` is given. */
async function play(
  factory: EngineFactory<string>,
  scenario: Scenario,
  options: RunOptions,
  snapshots: Snapshot[] | null,
): Promise<{ readonly engine: Engine<string>; readonly env: Environment }> {
  // Every run, on every engine, is bounded: an engine that never settles fails its run, not the process.
  const built = withWorkBudget((options.environment ?? createEnvironment)(scenario.options), options.workBudget);
  const env = options.planner === undefined ? built : { ...built, planner: options.planner };
  options.instrument?.(env);
  let engine: Engine<string> = factory.create(engineContextOf(env));
  const memo = new Map<string, string>();
  for (const action of scenario.actions) {
    let crashed = false;
    let refused: string | null = null;
    try {
      if (action.kind === "restart_and_resume") engine = factory.create(engineContextOf(env));
      refused = (await perform(engine, env, action, memo))?.code ?? null;
    } catch (error) {
      // A column's own token function may refuse too (no pending call to sign for).
      const refusedBy = engineErrorOf(error);
      if (refusedBy !== null) refused = refusedBy.code;
      else if (isProcessCrash(error)) crashed = true;
      else throw error;
    }
    if (snapshots !== null) snapshots.push(await snapshotOf(engine, env, action, crashed, refused));
  }
  return { engine, env };
}

/** What the world and the checkpoint looked like after an action. */
async function snapshotOf(
  engine: Engine<string>,
  env: Environment,
  action: Action,
  crashed: boolean,
  refused: string | null,
): Promise<Snapshot> {
  // A store edited between turns may be refused on read (checkpoint_tampered): the snapshot says so.
  const read = await engine.state(SESSION_ID);
  const keys = Object.values(env.world.data.calls)
    .flatMap((byKey) => Object.keys(byKey))
    .sort();
  return {
    action: action.kind,
    crashed,
    refused,
    state: read.ok ? read.value : undefined,
    unreadable: read.ok ? null : read.error.code,
    side_effects: env.world.totalEffects(),
    executor_calls: env.world.totalCalls(),
    ledger: Object.fromEntries(keys.map((key) => [key, env.ledger.get(key)?.state ?? null])),
  };
}

/** A refusal the snapshot records: the engine's, or the registry's guard refusing a bare executor. */
type Refusal =
  EngineError | { readonly code: "bare_executor" | "bare_call_failed" | "store_unreachable"; readonly message: string };

// Module-level rather than closures in `perform`: a closure per action is an allocation per action.
const refusal = (result: EngineResult<unknown>) => (result.ok ? null : result.error);

/** The session's state, or why there is none. */
async function current(engine: Engine<string>): Promise<EngineResult> {
  const state = await engine.state(SESSION_ID);
  if (!state.ok) return state;
  return state.value === undefined
    ? err({ code: "unknown_session", message: `no state for ${SESSION_ID}` })
    : ok(state.value);
}

/** A token signed for exactly the pending call, or why none can be. */
async function mint(engine: Engine<string>, env: Environment): Promise<EngineResult<string>> {
  const state = await current(engine);
  if (!state.ok) return state;
  if (state.value.pending_approval === null)
    return err({ code: "approval_not_pending", message: "nothing to approve" });
  return ok(approvePending(state.value.pending_approval, SESSION_ID, env.secret, env.clock.now()));
}

/** Performs one action; the engine's refusal, if any, is what the snapshot records. */
async function perform(
  engine: Engine<string>,
  env: Environment,
  action: Action,
  memo: Map<string, string>,
): Promise<Refusal | null> {
  switch (action.kind) {
    case "start":
      return refusal(await engine.start(SESSION_ID, action.goal ?? DEFAULT_GOAL));
    case "approve": {
      const token = await mint(engine, env);
      if (!token.ok) return token.error;
      memo.set("last_approval", token.value);
      return refusal(await engine.submitApproval(SESSION_ID, { kind: "token", token: token.value }));
    }
    case "mint_token": {
      const token = await mint(engine, env);
      if (token.ok) memo.set(action.as, token.value);
      return refusal(token);
    }
    case "decline":
      return refusal(await engine.submitApproval(SESSION_ID, { kind: "decline" }));
    case "submit_token": {
      const state = await current(engine);
      if (!state.ok) return state.error;
      const token = action.token(env, state.value, memo);
      return refusal(await engine.submitApproval(SESSION_ID, { kind: "token", token }));
    }
    case "restart_and_resume":
      return refusal(await engine.resume(SESSION_ID));
    case "reconcile":
      return refusal(await engine.reconcileUncertain(SESSION_ID, { outcome: "confirmed", operator: action.operator }));
    case "advance_clock":
      env.clock.advance(action.ms);
      return null;
    case "rewind_to_approval":
      if (engine.rewindToApproval === undefined)
        return { code: "rewind_unsupported", message: `${engine.id} cannot rewind a session` };
      return refusal(await engine.rewindToApproval(SESSION_ID));
    case "bare_call":
      return bareCall(env, action.tool, action.args);
    case "edit_waiting_call":
    case "forget_outcome":
    case "restore_to_intent":
      return (await tamper(env, SESSION_ID, action)) ? null : unreachable(engine, action.kind);
    default:
      return assertNever(action);
  }
}

/** A tampering action found no stored place of this engine to edit: the column is judged on what the engine did. */
const unreachable = (engine: Engine<string>, kind: TamperAction["kind"]): Refusal => ({
  code: "store_unreachable",
  message: `${kind}: ${engine.id} keeps nothing to edit in a store the column can reach`,
});

/** Calls a registered executor the way a naive MCP adapter does: straight from the registry entry. */
export async function bareCall(env: Environment, tool: string, args: JsonValue): Promise<Refusal | null> {
  const spec = env.registry.get(tool);
  if (spec === undefined) return { code: "bare_call_failed", message: `no tool ${tool} in the registry` };
  try {
    await spec.execute(args as never, { idempotencyKey: `bare:${tool}`, signal: new AbortController().signal });
    return null;
  } catch (error) {
    if (isProcessCrash(error)) throw error;
    if (isHarnessError(error) && error.code === "bare_executor") return { code: error.code, message: error.message };
    return { code: "bare_call_failed", message: error instanceof Error ? error.message : String(error) };
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
