/**
 * The session the session_length measure plays (session-length.ts): its script, the reference run
 * on the handwritten engine, and one run of an engine or of bare LangGraph over its last calls,
 * seeded the way each engine stores a session.
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
  type BuiltInFactory,
  type SessionStore,
} from "../../scenarios/index.js";
import { countHashing, type HashWork } from "./hash-work.js";
import { cpuUs, elapsedUs, recordTimedSpan } from "./stats.js";
import { warmRegistry } from "./workload.js";

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
  ): Promise<{ us: number; started_us: number; graph_steps: number; facts: number }>;
};

const EVENTS_PER_CALL = 5;

export const sessionScript = (calls: number): string[] => [
  ...Array.from({ length: calls }, (_, i) => toolCall("read_table", { table: "sales", limit: (i % 5) + 1 })),
  finalAnswer("read them all"),
];

const sessionEnv = (calls: number) =>
  createEnvironment({ script: sessionScript(calls), limits: { maxSteps: calls + 1 } });

export type Reference = {
  readonly calls: number;
  readonly from: number;
  readonly seed: AgentState;
  readonly seedTrace: readonly TraceEvent[];
  readonly final: AgentState;
  readonly trace: readonly TraceEvent[];
};

export async function reference(calls: number, timedCalls: number): Promise<Reference> {
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

export type Run = {
  readonly us: number;
  readonly cpu_us: number;
  readonly facts: number;
  readonly graph_steps: number | null;
  readonly hash: string | null;
  /** Counted only in the run that asked for it, so the timed runs pay nothing for the count. */
  readonly hashing: HashWork | null;
};

export async function runEngine(
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

export function anchorRun(adapter: AdapterBench, ref: Reference): Promise<Run> {
  const workload = {
    messages: messagesOf(ref.final),
    trace: ref.trace,
    eventsPerCall: EVENTS_PER_CALL,
    calls: ref.calls,
  };
  const cpu = process.cpuUsage();
  return adapter.runAnchor(workload, ref.from).then(({ us, graph_steps, facts, started_us }) => {
    recordTimedSpan({ start: started_us, end: started_us + us });
    return { us, cpu_us: cpuUs(cpu), facts, graph_steps, hash: null, hashing: null };
  });
}
