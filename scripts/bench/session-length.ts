/**
 * Measure: does a fact cost more late in a long session? One session of N `read_table` calls
 * (N = 10, 100, 1,000), the same on every engine. The handwritten engine plays it once for
 * reference; each engine then gets a fresh environment whose own store holds the session as it
 * stood before its last `timedCalls` calls (the same state and trace, installed the way the engine
 * stores them), and the timed `resume` plays those calls and the final answer. So a point costs
 * O(timedCalls × N), never a quadratic build, and its µs/fact is the marginal cost at length N.
 * Bare LangGraph (the adapter's anchor, `langgraph-adapter/src/bare-anchor.ts`) runs the same
 * calls on the same seeded history.
 */
import { unwrapEngine } from "../../runtime/index.js";
import { assertNever, messagesOf, toCheckpoint, type AgentState, type TraceEvent } from "../../contract/index.js";
import { finalAnswer, toolCall } from "../../handwritten/fixtures/index.js";
import { LOCAL_GRAPH_CHECKPOINTER_KEY, sealedGraphCheckpointer } from "../../local-graph/agent/index.js";
import {
  createEnvironment,
  engineEntry,
  handwrittenFactory,
  SESSION_ID,
  type Environment,
  type SessionStore,
} from "../../scenarios/index.js";
import type { BuiltInEngineId, BuiltInFactory } from "../../scenarios/index.js";
import { countHashing, type HashWork } from "./hash-work.js";
import { collectGarbage, cpuUs, elapsedUs, round, summarize, type Summary } from "./stats.js";
import { NOT_MEASURED, type EngineEntry } from "./steps.js";
import { warmRegistry } from "./workload.js";

export type SessionLengthOptions = {
  readonly sizes: readonly number[];
  /** Calls played by each timed run (the session's last ones). */
  readonly timedCalls: number;
  readonly samples: number;
  /**
   * Samples of each of the adapter and bare LangGraph, taken in pairs side by side: their ratio is
   * a goal read from the median of the pairs, and a pair's two samples differ by more than the
   * margin the goal judges, so it takes more of them than a single engine's median. `samples` when absent.
   */
  readonly pairedSamples?: number;
  /** Runs are repeated until a sample has taken this long. */
  readonly minSampleMs: number;
};

/** What the adapter module offers the bench (loaded dynamically: only the adapter imports LangGraph). */
export type AdapterBench = {
  seedLangGraphSession(
    env: Environment,
    session_id: string,
    agent: AgentState,
    trace: readonly TraceEvent[],
  ): Promise<void>;
  runAnchor(
    workload: { messages: readonly unknown[]; trace: readonly unknown[]; eventsPerCall: number; calls: number },
    from: number,
  ): Promise<{ us: number; graph_steps: number; facts: number }>;
};

export const ANCHOR_ID = "bare_langgraph";
export type SessionEngineId = BuiltInEngineId | typeof ANCHOR_ID;

export type SessionPoint = {
  readonly calls: number;
  /** Calls already in the session when the timed run began. */
  readonly seeded_calls: number;
  readonly facts_per_run: number;
  readonly graph_steps_per_run: number | null;
  readonly runs_per_sample: number;
  readonly us_per_fact: Summary;
  /** CPU time of this process over the same runs, all threads. */
  readonly cpu_us_per_fact: Summary;
  readonly us_per_graph_step: Summary | null;
  /** The run ended with the reference run's checkpoint_hash (null for the anchor, which has no contract state). */
  readonly same_final_hash: boolean | null;
  /** The contract's digests and seals per fact in one more run (`hash-work.ts`); null for the anchor, which has no contract. */
  readonly hashing_per_fact: HashWork | null;
};

export type SessionEngine =
  | { readonly status: "measured"; readonly points: readonly SessionPoint[] }
  | { readonly status: typeof NOT_MEASURED; readonly reason: string };

export type SessionLengthSection = {
  readonly definition: string;
  readonly tool: string;
  readonly sizes: readonly number[];
  readonly timed_calls: number;
  readonly engines: Readonly<Record<SessionEngineId, SessionEngine>>;
};

export const SESSION_LENGTH_DEFINITION =
  "Marginal cost per fact at session length N: one session of N read_table calls and a final answer, played once by the handwritten engine for reference; each engine then gets a fresh environment whose own store already holds that session's state and trace before its last timed_calls calls, and the timed call is resume, which plays those calls and the final answer. us_per_fact = time / facts applied (trace events); us_per_graph_step = time / committed node executions. A sample repeats the run until it has taken min_sample_ms; cpu_us_per_fact is this process's CPU time over the same runs (it includes the anchor's seeding, which the wall time does not). bare_langgraph is LangGraph 1.7.3 with no harness, on the engine's own MemorySaver (same serializer, frozen data kept by reference) and its route as the same untraced Runnable: the same four nodes, agent and trace channels, seeded history, messages and trace events. Samples interleave: each round takes one sample at every length, the lengths in turn going first, with a full collection before each sample, so load that changes during the measure lands on every length alike (the growth goals divide one length's median by another's). langgraph and bare_langgraph are sampled side by side (settings.sessionLength.pairedSamples of each): at each length, each pair in alternating order, recorded in that order (adapter_overhead pairs them). hashing_per_fact: the contract's digests and seals per fact, and the characters they covered, counted in one more untimed run (scripts/bench/hash-work.ts): a count, the same on any machine, that grows only if a fact re-reads the session's history.";

const EVENTS_PER_CALL = 5;

export const sessionScript = (calls: number): string[] => [
  ...Array.from({ length: calls }, (_, i) => toolCall("read_table", { table: "sales", limit: (i % 5) + 1 })),
  finalAnswer("read them all"),
];

const sessionEnv = (calls: number) =>
  createEnvironment({ script: sessionScript(calls), limits: { maxSteps: calls + 1 } });

type Reference = {
  readonly calls: number;
  readonly from: number;
  readonly seed: AgentState;
  readonly seedTrace: readonly TraceEvent[];
  readonly final: AgentState;
  readonly trace: readonly TraceEvent[];
};

async function reference(calls: number, timedCalls: number): Promise<Reference> {
  const env = sessionEnv(calls);
  const final = unwrapEngine(await handwrittenFactory.create(env).start(SESSION_ID, "read the sales table"));
  const trace = env.trace.list(SESSION_ID);
  if (final.status !== "done" || trace.length !== 1 + EVENTS_PER_CALL * calls + 2)
    throw new Error(`reference session of ${calls} calls ended ${final.status} with ${trace.length} events`);
  const from = Math.max(0, calls - timedCalls);
  const seed = env.checkpoints
    .list(SESSION_ID)
    .map((c) => c.state)
    .find((s) => s.status === "ready" && s.step === from);
  if (seed === undefined) throw new Error(`no ready state after ${from} calls`);
  // Frozen, as the engines' own appended lists are, so its chain digest is computed once (at
  // seeding) and not again in every timed run: the runs measure a session held in memory.
  const seedTrace = Object.freeze(trace.filter((e) => e.seq <= seed.seq));
  return { calls, from, seed, seedTrace, final, trace };
}

type Run = {
  readonly us: number;
  readonly cpu_us: number;
  readonly facts: number;
  readonly graph_steps: number | null;
  readonly hash: string | null;
  /** Counted only in the run that asked for it, so the timed runs pay nothing for the count. */
  readonly hashing: HashWork | null;
};

async function runEngine(
  factory: BuiltInFactory,
  ref: Reference,
  adapter: AdapterBench | null,
  count: boolean,
): Promise<Run> {
  const env = sessionEnv(ref.calls);
  warmRegistry(env.registry);
  const engine = factory.create(env);
  await seed(engineEntry(factory.id).sessionStore, env, ref, adapter);
  const before = await engine.graphSteps(SESSION_ID);
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const resumed = count
    ? await countHashing(() => engine.resume(SESSION_ID))
    : { value: await engine.resume(SESSION_ID), work: null };
  const final = unwrapEngine(resumed.value);
  const us = elapsedUs(start);
  const cpu_us = cpuUs(cpu);
  const after = await engine.graphSteps(SESSION_ID);
  if (final.status !== "done") throw new Error(`${factory.id} ended ${final.status} after ${ref.calls} calls`);
  const graph_steps = before === null || after === null ? null : after - before;
  const hashing = resumed.work;
  return { us, cpu_us, facts: final.seq - ref.seed.seq, graph_steps, hash: final.checkpoint_hash, hashing };
}

async function seed(
  store: SessionStore,
  env: Environment,
  ref: Reference,
  adapter: AdapterBench | null,
): Promise<void> {
  switch (store) {
    case "contract_checkpoints":
      env.checkpoints.put(toCheckpoint(ref.seed, env.secret));
      env.trace.append(ref.seedTrace);
      return;
    case "graph_checkpointer": {
      const saver = env.slots.get(LOCAL_GRAPH_CHECKPOINTER_KEY);
      if (saver === undefined) throw new Error("the local graph put no checkpointer in its slot");
      sealedGraphCheckpointer(saver, env.secret).put({
        thread_id: SESSION_ID,
        step: 0,
        state: { agent: ref.seed, trace: ref.seedTrace, outcomes: [] },
        next: "plan",
        interrupt: null,
      });
      return;
    }
    case "langgraph_saver":
      if (adapter === null) throw new Error("the LangGraph adapter's bench module did not load");
      return adapter.seedLangGraphSession(env, SESSION_ID, ref.seed, ref.seedTrace);
    default:
      return assertNever(store);
  }
}

function anchorRun(adapter: AdapterBench, ref: Reference): Promise<Run> {
  const workload = {
    messages: messagesOf(ref.final),
    trace: ref.trace,
    eventsPerCall: EVENTS_PER_CALL,
    calls: ref.calls,
  };
  const cpu = process.cpuUsage();
  return adapter.runAnchor(workload, ref.from).then((r) => ({ ...r, cpu_us: cpuUs(cpu), hash: null, hashing: null }));
}

/**
 * The adapter and its anchor are measured together, sample by sample, because their ratio is a
 * goal: measured one after the other, seconds apart on a shared machine, each median caught a
 * different load, and the ratio moved more with the load than with either side's code.
 */
const PAIRED: readonly SessionEngineId[] = ["langgraph", ANCHOR_ID];

export async function measureSessionLength(
  entries: readonly EngineEntry[],
  adapter: AdapterBench | null,
  adapterReason: string,
  options: SessionLengthOptions,
  log: (line: string) => void,
): Promise<SessionLengthSection> {
  const refs: Reference[] = [];
  for (const calls of options.sizes) refs.push(await reference(calls, options.timedCalls));
  const players: { id: SessionEngineId; play: Play | string }[] = entries.map((e) => ({
    id: e.id,
    play: "factory" in e ? (ref, count) => runEngine(e.factory, ref, adapter, count) : e.unavailable,
  }));
  players.push({ id: ANCHOR_ID, play: adapter === null ? adapterReason : (ref: Reference) => anchorRun(adapter, ref) });

  const engines = {} as Record<SessionEngineId, SessionEngine>;
  const measured = async (group: readonly { id: SessionEngineId; play: Play }[]): Promise<void> => {
    try {
      const samples = group.length > 1 ? (options.pairedSamples ?? options.samples) : options.samples;
      const points = await measurePoints(
        group.map((p) => p.play),
        refs,
        samples,
        options.minSampleMs,
      );
      group.forEach(({ id }, i) => {
        engines[id] = { status: "measured", points: points[i] ?? [] };
        for (const p of points[i] ?? []) log(`session ${id} N=${p.calls}: ${p.us_per_fact.median.toFixed(1)} µs/fact`);
      });
    } catch (error) {
      // A pair that fails is measured apart, so one side's failure does not cost the other its numbers.
      if (group.length > 1) {
        for (const one of group) await measured([one]);
        return;
      }
      const reason = error instanceof Error ? error.message : String(error);
      for (const { id } of group) engines[id] = { status: NOT_MEASURED, reason };
      log(`session ${group.map((p) => p.id).join(", ")}: not measured (${reason})`);
    }
  };
  const playable = players.flatMap(({ id, play }) => (typeof play === "string" ? [] : [{ id, play }]));
  const paired = PAIRED.every((id) => playable.some((p) => p.id === id));
  for (const { id, play } of players) {
    if (typeof play === "string") engines[id] = { status: NOT_MEASURED, reason: play };
    else if (!paired || !PAIRED.includes(id)) await measured([{ id, play }]);
    else if (id === PAIRED[0]) await measured(playable.filter((p) => PAIRED.includes(p.id)));
  }
  return {
    definition: SESSION_LENGTH_DEFINITION,
    tool: "read_table",
    sizes: options.sizes,
    timed_calls: options.timedCalls,
    engines,
  };
}

/** Plays a reference session's last calls; with `count`, also counts the contract's hashing. */
type Play = (ref: Reference, count: boolean) => Promise<Run>;

const sum = (batch: readonly Run[]): Run => ({
  us: batch.reduce((t, r) => t + r.us, 0),
  cpu_us: batch.reduce((t, r) => t + r.cpu_us, 0),
  facts: batch.reduce((t, r) => t + r.facts, 0),
  graph_steps: batch.every((r) => r.graph_steps !== null) ? batch.reduce((t, r) => t + (r.graph_steps ?? 0), 0) : null,
  hash: batch[0]?.hash ?? null,
  hashing: null,
});

/**
 * One point per play and session length. The samples interleave: each round visits every length,
 * in turn going first, and at each length every play, in turn going first (A B, B A, …), with a
 * full collection before each sample. So a change in the machine's load lands on every length and
 * every play alike: the growth goal divides one length's median by another's, and the adapter's
 * goal pairs sample i of the adapter with sample i of its anchor, taken side by side (recorded in
 * that order; `adapter-overhead.ts` reads their ratios pair by pair).
 */
async function measurePoints(
  plays: readonly Play[],
  refs: readonly Reference[],
  samples: number,
  minSampleMs: number,
): Promise<SessionPoint[][]> {
  collectGarbage();
  for (const ref of refs) for (const play of plays) await play(ref, false); // warm-up, untimed
  const cells = plays.map(() => refs.map(() => ({ runs: [] as Run[], perSample: [] as Run[] })));
  for (let i = 0; i < samples; i++) {
    for (let r = 0; r < refs.length; r++) {
      const ref = refs[(i + r) % refs.length];
      for (let k = 0; k < plays.length; k++) {
        const j = (i + k) % plays.length;
        const play = plays[j];
        const cell = cells[j]?.[(i + r) % refs.length];
        if (play === undefined || ref === undefined || cell === undefined) continue;
        collectGarbage();
        // A sample is as many runs as fit in minSampleMs (at least one), so one garbage collection
        // landing in a run of a few milliseconds does not decide the median.
        const start = Date.now();
        const batch: Run[] = [];
        do batch.push(await play(ref, false));
        while (Date.now() - start < minSampleMs);
        cell.perSample.push(sum(batch));
        cell.runs.push(...batch);
      }
    }
  }
  const points: SessionPoint[][] = [];
  for (const [j, play] of plays.entries()) {
    const row: SessionPoint[] = [];
    for (const [r, ref] of refs.entries()) {
      const cell = cells[j]?.[r];
      row.push(await pointOf(play, ref, cell?.runs ?? [], cell?.perSample ?? [], samples));
    }
    points.push(row);
  }
  return points;
}

async function pointOf(
  play: Play,
  ref: Reference,
  runs: readonly Run[],
  perSample: readonly Run[],
  samples: number,
): Promise<SessionPoint> {
  const first = runs[0];
  if (first === undefined) throw new Error("no samples");
  const steps = first.graph_steps;
  const { hashing } = await play(ref, true);
  const per = (x: number) => round(x / first.facts, 2);
  return {
    calls: ref.calls,
    seeded_calls: ref.from,
    facts_per_run: first.facts,
    graph_steps_per_run: steps,
    runs_per_sample: Math.round(runs.length / samples),
    us_per_fact: summarize(perSample.map((r) => r.us / r.facts)),
    cpu_us_per_fact: summarize(perSample.map((r) => r.cpu_us / r.facts)),
    us_per_graph_step:
      steps === null || steps === 0 ? null : summarize(perSample.map((r) => r.us / (r.graph_steps ?? steps))),
    same_final_hash: first.hash === null ? null : runs.every((r) => r.hash === ref.final.checkpoint_hash),
    hashing_per_fact: hashing === null ? null : { digests: per(hashing.digests), chars: per(hashing.chars) },
  };
}
