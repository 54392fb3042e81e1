/**
 * Measure 2: does a step get slower as a session's checkpoint history grows? For each engine's
 * own store — the contract's CheckpointStore (handwritten), the local graph's GraphCheckpointer,
 * LangGraph's MemorySaver — a session is started until it waits for approval, its store is
 * filled to N checkpoints of that session, and then the approval is submitted: the timed run
 * continues the session to the end (approval, execute, three more planner turns, done).
 *
 * Each run happens in a fresh environment (world, ledger, clock, ids) that shares only the
 * durable checkpoint store, so every run does the same work on the same history. Small
 * histories are rebuilt for every run; the largest is built once per engine and put back to
 * its waiting checkpoint between runs (exactly, for MemorySaver; for the two append-only
 * stores by appending the waiting checkpoint again, which the report counts).
 */
import { defineSlot, unwrapEngine } from "../../runtime/index.js";
import {
  approvePending,
  assertNever,
  toCheckpoint,
  type AgentState,
  type CheckpointStore,
} from "../../contract/index.js";
import { finalAnswer, toolCall } from "../../handwritten/fixtures/index.js";
import type { GraphCheckpoint, GraphCheckpointer } from "../../local-graph/runtime/index.js";
import { LOCAL_GRAPH_CHECKPOINTER_KEY, type AgentGraphState } from "../../local-graph/agent/index.js";
import {
  createEnvironment,
  engineEntry,
  SESSION_ID,
  type Engine,
  type BuiltInFactory,
  type BuiltInEngineId,
  type Environment,
  type SessionStore,
} from "../../scenarios/index.js";
import { collectGarbage, elapsedUs, ratio, summarize } from "./stats.js";
import { NOT_MEASURED, type GrowthEngine, type GrowthPoint, type GrowthSection } from "./sections.js";
import type { EngineEntry } from "./steps.js";
import { GOAL, warmRegistry } from "./workload.js";
import { asMemorySaver, type MemorySaverView } from "./memory-saver.js";

/** The session the growth runs continue: a publish that waits for approval, then three more calls. */
export const GROWTH_SCRIPT: readonly string[] = [
  toolCall("publish_report", { artifact: "art_weekly", audience: "team" }),
  toolCall("read_table", { table: "sales", limit: 3 }),
  toolCall("save_artifact", { name: "summary", content: "signups grow 3 a week" }),
  toolCall("run_regression", { table: "sales", x: "week", y: "signups" }),
  finalAnswer("published and saved"),
];

export type GrowthOptions = {
  readonly sizes: readonly number[];
  readonly samples: number;
  /** Timed runs per sample: a sample is their total time over their total steps. */
  readonly runsPerSample: number;
  /** Histories up to this size are rebuilt for every run; larger ones are built once and restored. */
  readonly rebuildUpTo: number;
  /** Stop filling a store after this long, and record how many checkpoints it got. */
  readonly fillBudgetMs: number;
  /** Stop sampling one size after this long (at least one sample is always taken). */
  readonly sampleBudgetMs: number;
};

export const GROWTH_DEFINITION =
  "Per-step cost of continuing one session whose store already holds N checkpoints of that session. The session is started until it waits for approval; the store is filled to N with copies of that session's own checkpoints (older than the waiting one); the timed call is submitApproval, which runs the session to the end. µs/step = that call's time / facts it applied (state.seq after − before); a sample is several such runs. Fresh world, ledger, clock and ids per run; only the checkpoint store is shared. Stores up to 1,000 are rebuilt for every run; the largest is built once and put back to its waiting checkpoint between runs (exactly for MemorySaver; the two append-only stores get the waiting checkpoint appended again, so they hold slightly more, as checkpoints_before_run shows).";

/** One engine's view of its own checkpoint store for a session. */
type History = {
  readonly store: string;
  /** Checkpoints of the session now stored. */
  count(): number;
  /** Adds checkpoints older than the waiting one until the session has `target`, or the deadline passes. */
  fill(target: number, deadline: number): Promise<void>;
  /** Makes the waiting checkpoint the latest again after a run. */
  restore(): void;
};

type Prepared = { readonly baseline: Environment; readonly waiting: AgentState; readonly history: History };

async function prepare(factory: BuiltInFactory): Promise<Prepared> {
  const baseline = createEnvironment({ script: GROWTH_SCRIPT });
  const engine = factory.create(baseline);
  const waiting = unwrapEngine(await engine.start(SESSION_ID, GOAL));
  if (waiting.status !== "approval_required")
    throw new Error(`growth baseline on ${factory.id} is ${waiting.status}, not approval_required`);
  return { baseline, waiting, history: await historyOf(engineEntry(factory.id).sessionStore, baseline) };
}

async function historyOf(store: SessionStore, env: Environment): Promise<History> {
  switch (store) {
    case "contract_checkpoints":
      return contractStoreHistory(env.checkpoints, env.secret);
    case "graph_checkpointer":
      return graphCheckpointerHistory(
        slotted<GraphCheckpointer<AgentGraphState>>(env, LOCAL_GRAPH_CHECKPOINTER_KEY.name, ["put", "latest", "count"]),
      );
    case "langgraph_saver":
      // The adapter's CHECKPOINTER_KEY; the bench does not import the adapter statically.
      return memorySaverHistory(
        await asMemorySaver(slotted<unknown>(env, "langgraph.checkpointer", ["getTuple", "put", "list"]), SESSION_ID),
      );
    default:
      return assertNever(store);
  }
}

function slotted<T>(env: Environment, key: string, methods: readonly string[]): T {
  const found = env.slots.get(defineSlot<Record<string, unknown>>(key));
  if (found === undefined || methods.some((m) => typeof found[m] !== "function"))
    throw new Error(`no checkpoint store in the environment's slot ${key}`);
  return found as T;
}

function contractStoreHistory(store: CheckpointStore, secret: string): History {
  const own = store.list(SESSION_ID);
  const waiting = own.at(-1);
  if (waiting === undefined) throw new Error("the contract store has no checkpoint of the session");
  return {
    store: "CheckpointStore (createMemoryCheckpointStore, the handwritten engine's)",
    count: () => store.list(SESSION_ID).length,
    async fill(target, deadline) {
      // Append-only: copies of the session's checkpoints first, then the waiting one again on top.
      for (let i = 0; store.list(SESSION_ID).length < target - 1; i++) {
        if ((i & 1023) === 0 && Date.now() > deadline) break;
        store.put(toCheckpoint((own[i % own.length] ?? waiting).state, secret));
      }
      store.put(waiting);
    },
    restore: () => store.put(waiting),
  };
}

function graphCheckpointerHistory(saver: GraphCheckpointer<AgentGraphState>): History {
  const waiting: GraphCheckpoint<AgentGraphState> | undefined = saver.latest(SESSION_ID);
  if (waiting === undefined) throw new Error("the graph checkpointer has no checkpoint of the session");
  return {
    store: "GraphCheckpointer (createMemoryGraphCheckpointer, the local graph's)",
    count: () => saver.count(SESSION_ID),
    async fill(target, deadline) {
      for (let i = 0; saver.count(SESSION_ID) < target - 1; i++) {
        if ((i & 1023) === 0 && Date.now() > deadline) break;
        saver.put({ ...waiting, step: Math.max(0, waiting.step - 1), interrupt: null });
      }
      saver.put(waiting);
    },
    restore: () => saver.put(waiting),
  };
}

function memorySaverHistory(saver: MemorySaverView): History {
  return {
    store: `MemorySaver (@langchain/langgraph-checkpoint, the LangGraph engine's), durability "sync"`,
    count: () => saver.count(),
    // Filler ids sort before LangGraph's own uuid6 ids, so the waiting checkpoint stays the latest.
    fill: (target, deadline) => saver.fillOlder(target, deadline),
    restore: () => saver.restore(),
  };
}

export async function measureGrowth(
  entries: readonly EngineEntry[],
  options: GrowthOptions,
  log: (line: string) => void,
): Promise<GrowthSection> {
  const engines = {} as Record<BuiltInEngineId, GrowthEngine>;
  for (const entry of entries) {
    if (!("factory" in entry)) {
      engines[entry.id] = { status: NOT_MEASURED, reason: entry.unavailable };
      continue;
    }
    const points: GrowthPoint[] = [];
    let store = "";
    let smallest: number | null = null;
    for (const requested of options.sizes) {
      collectGarbage();
      let point: GrowthPoint;
      try {
        point = await measurePoint(entry.factory, requested, options, (s) => (store = s));
      } catch (error) {
        point = { status: NOT_MEASURED, requested, reason: error instanceof Error ? error.message : String(error) };
      }
      if (point.status === "measured") {
        smallest ??= point.us_per_step.median;
        points.push({ ...point, ratio_to_smallest: ratio(point.us_per_step.median, smallest) });
        log(
          `growth ${entry.id} N=${requested}: ${point.us_per_step.median.toFixed(1)} µs/step (${point.checkpoints_before_run.min}–${point.checkpoints_before_run.max} stored, fill ${point.fill_ms} ms)`,
        );
      } else {
        points.push(point);
        log(`growth ${entry.id} N=${requested}: not measured (${point.reason})`);
      }
    }
    engines[entry.id] = { store, points };
  }
  return { definition: GROWTH_DEFINITION, sizes: [...options.sizes], engines };
}

async function measurePoint(
  factory: BuiltInFactory,
  requested: number,
  options: GrowthOptions,
  noteStore: (s: string) => void,
): Promise<GrowthPoint> {
  const rebuild = requested <= options.rebuildUpTo;
  let prepared: Prepared | null = null;
  let fill_ms = 0;
  let capped = false;
  const build = async () => {
    const p = await prepare(factory);
    const start = Date.now();
    await p.history.fill(requested, start + options.fillBudgetMs);
    fill_ms = Math.max(fill_ms, Date.now() - start);
    capped ||= p.history.count() < requested;
    noteStore(p.history.store);
    return p;
  };
  const samples: number[] = [];
  const counts: number[] = [];
  let steps = 0;
  const runOnce = async () => {
    if (prepared === null || rebuild) prepared = await build();
    else prepared.history.restore();
    counts.push(prepared.history.count());
    return continueSession(factory, prepared);
  };
  // Untimed warm-up runs first, then samples until the count or the time budget is reached.
  for (let i = 0; i < options.runsPerSample; i++) await runOnce();
  counts.length = 0;
  const started = Date.now();
  for (let s = 0; s < options.samples; s++) {
    if (s > 0 && Date.now() - started > options.sampleBudgetMs) break;
    let us = 0;
    let total = 0;
    for (let i = 0; i < options.runsPerSample; i++) {
      const run = await runOnce();
      us += run.us;
      total += run.steps;
      steps = run.steps;
    }
    samples.push(us / total);
  }
  return {
    status: "measured",
    requested,
    checkpoints_before_run: { min: Math.min(...counts), max: Math.max(...counts) },
    capped,
    fill_ms,
    steps_per_run: steps,
    us_per_step: summarize(samples),
    ratio_to_smallest: null,
    note: capped
      ? `filling stopped at the ${options.fillBudgetMs} ms budget`
      : samples.length < options.samples
        ? `${samples.length} samples within the ${options.sampleBudgetMs} ms budget`
        : null,
  };
}

/** The timed run: a fresh environment over the shared store submits the approval, and the session runs to its end. */
async function continueSession(factory: BuiltInFactory, prepared: Prepared): Promise<{ us: number; steps: number }> {
  const fresh = createEnvironment({ script: GROWTH_SCRIPT });
  const env: Environment = { ...fresh, checkpoints: prepared.baseline.checkpoints, slots: prepared.baseline.slots };
  warmRegistry(env.registry);
  const engine: Engine = factory.create(env);
  const pending = prepared.waiting.pending_approval;
  if (pending === null) throw new Error("the waiting state has no pending call");
  const token = approvePending(pending, SESSION_ID, env.secret, env.clock.now());
  const start = process.hrtime.bigint();
  const final = unwrapEngine(await engine.submitApproval(SESSION_ID, { kind: "token", token }));
  const us = elapsedUs(start);
  if (final.status !== "done") throw new Error(`growth run on ${factory.id} ended ${final.status}, not done`);
  return { us, steps: final.seq - prepared.waiting.seq };
}
