/**
 * A child process of the crash tests: `node --import tsx test/crash/child.ts '<ChildRequest JSON>'`.
 *
 * It runs one engine over a durable environment (durable/, SQLite or Postgres) and, at the kill point it was given,
 * prints a marker line and blocks, so that the parent kills it with SIGKILL at exactly that
 * point. The kill points are hooks on the stores and tools this script wraps around the engine
 * (a checkpoint store that signals after writing the intent checkpoint, a tool that signals after
 * its effect is on disk, a ledger that signals before or after recording the outcome): the
 * engines themselves run unchanged.
 */
import { unwrapEngine } from "../../runtime/index.js";
import { existsSync, writeSync } from "node:fs";
import { join } from "node:path";
import {
  approvePending,
  assertNever,
  createRegistry,
  DEFAULT_EPOCH,
  type AgentState,
  type Checkpoint,
  type CheckpointStore,
  type LedgerStore,
  type ManualClock,
  type TraceEvent,
  messagesOf,
} from "../../contract/index.js";
import type { AgentGraphState } from "../../local-graph/agent/index.js";
import type { GraphCheckpoint, GraphCheckpointer } from "../../local-graph/runtime/index.js";
import type { Engine, EngineFactory } from "../../runtime/api.js";
import type { Environment } from "../../handwritten/fixtures/environment.js";
import { loadEngine } from "../../engines/index.js";
import { createDurableEnvironment, langgraphDatabasePath, LOCAL_GRAPH_CHECKPOINTER_KEY } from "../../durable/index.js";
import { LINE_PREFIX, SCENARIOS, type ChildLine, type ChildRequest, type KillPoint, type RunView } from "./protocol.js";

/** The adapter's durable checkpointer module, imported dynamically like the adapter itself. */
const LANGGRAPH_DURABLE_MODULE = "../../langgraph-adapter/src/durable-checkpointer.js";
type SqliteSaverLike = { put(...args: unknown[]): Promise<unknown> };
type LangGraphDurableModule = { useSqliteCheckpointer(env: Environment, path: string): SqliteSaverLike };
const LANGGRAPH_POSTGRES_MODULE = "../../langgraph-adapter/src/postgres-checkpointer.js";
type LangGraphPostgresModule = {
  usePostgresCheckpointer(env: Environment, url: string, scope: string): Promise<SqliteSaverLike>;
};

const say = (line: ChildLine) => void writeSync(1, `${LINE_PREFIX}${JSON.stringify(line)}\n`);

/** How long a child waits for its parent (a kill, a barrier) before it gives up, so no orphan outlives a dead test run. */
// Scaled by the run's pace (test/setup/pace.ts, handed down in the environment): a busy machine is not an orphan.
const ORPHAN_TIMEOUT_MS =
  60_000 *
  Math.max(1, Number((JSON.parse(process.env["AGENT_HARNESS_PACE"] || "{}") as { factor?: unknown }).factor) || 1);
const cell = new Int32Array(new SharedArrayBuffer(4));

/** Prints the marker and never returns: the parent's SIGKILL is the way out (or, orphaned, exit 70). */
function stopHere(point: KillPoint): never {
  say({ type: "kill_point", point });
  Atomics.wait(cell, 0, 0, ORPHAN_TIMEOUT_MS);
  process.exit(70);
}

const request = JSON.parse(process.argv[2] ?? "null") as ChildRequest;
const scenario = SCENARIOS[request.scenario];
const killAt = request.mode === "run" ? request.kill : null;

/** A manual clock whose sleeps take real time, so a slow tool is not timed out at once (concurrent runs). */
function realtimeClock(): ManualClock {
  let now = DEFAULT_EPOCH;
  return {
    now: () => now,
    advance: (ms) => void (now += ms),
    sleep: (ms, signal) =>
      new Promise((resolve) => {
        if (signal?.aborted) return resolve();
        const timer = setTimeout(() => {
          now += ms;
          resolve();
        }, ms);
        signal?.addEventListener(
          "abort",
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      }),
  };
}

const base = createDurableEnvironment({
  store: request.store,
  scope: request.scope,
  script: scenario.script,
  ...(request.mode === "concurrent" ? { clock: realtimeClock(), worldLatencyMs: request.latencyMs } : {}),
});

// ---- the hooks: wrappers around the stores and tools, never edits to the engines ----

/**
 * Stops at `point` once the write that reached it is committed: the driver writes a checkpoint inside the
 * stores' transaction (with its trace and any nonce claim), and "after the intent" means the intent is on disk.
 */
const stopOnceCommitted = (point: KillPoint): void => base.db.afterCommit(() => stopHere(point));

const isIntentFor = (agent: AgentState | undefined) =>
  agent?.status === "executing" && agent.intent.tool === scenario.tool;

const tools = base.registry.list().map((spec) =>
  spec.name !== scenario.tool || killAt !== "after_effect"
    ? spec
    : {
        ...spec,
        async execute(args: never, ctx: Parameters<typeof spec.execute>[1]) {
          const output: unknown = await spec.execute(args, ctx);
          // The durable world wrote the effect (fsync) before `execute` returned.
          stopHere("after_effect");
          return output;
        },
      },
);

/** Holds a concurrent run at the ledger's door until the parent lets both contenders in at once. */
function waitAtBarrier(): void {
  if (request.mode !== "concurrent" || request.barrier === null) return;
  say({ type: "at_begin" });
  const go = join(request.barrier, "go");
  const deadline = Date.now() + ORPHAN_TIMEOUT_MS;
  while (!existsSync(go)) {
    if (Date.now() > deadline) process.exit(70);
    Atomics.wait(cell, 0, 0, 1);
  }
}

const ledger: LedgerStore = {
  ...base.ledger,
  begin(beginRequest) {
    waitAtBarrier();
    return base.ledger.begin(beginRequest);
  },
  setDispatched(key, dispatched, at) {
    if (request.sabotage !== "forget_dispatched") base.ledger.setDispatched(key, dispatched, at);
  },
  complete(key, output, at) {
    if (killAt === "before_outcome") stopHere("before_outcome");
    base.ledger.complete(key, output, at);
    if (killAt === "after_outcome") stopHere("after_outcome");
  },
};

const checkpoints: CheckpointStore = {
  ...base.checkpoints,
  put(checkpoint: Checkpoint) {
    base.checkpoints.put(checkpoint);
    if (killAt === "after_intent" && isIntentFor(checkpoint.state)) stopOnceCommitted("after_intent");
  },
};

const graphCheckpointer = base.slots.get(LOCAL_GRAPH_CHECKPOINTER_KEY);
if (graphCheckpointer === undefined) throw new Error("the durable environment holds no graph checkpointer");
const slots = base.slots.copy();
slots.set(LOCAL_GRAPH_CHECKPOINTER_KEY, {
  ...graphCheckpointer,
  put(checkpoint: GraphCheckpoint<unknown>) {
    graphCheckpointer.put(checkpoint);
    // The engine writes only graph states through this store.
    if (killAt === "after_intent" && isIntentFor((checkpoint.state as AgentGraphState).agent))
      stopOnceCommitted("after_intent");
  },
} satisfies GraphCheckpointer<unknown>);

const env: Environment = { ...base, registry: createRegistry(tools), ledger, checkpoints, slots };

async function factoryFor(): Promise<EngineFactory> {
  // The adapter next to this script: compiled (.js) when the child was built by build.ts.
  const adapter = new URL(
    `../../langgraph-adapter/src/index.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`,
    import.meta.url,
  );
  const loaded = await loadEngine(request.engine, { adapterModule: adapter.href });
  if (!loaded.ok) throw new Error(`${request.engine} must load for the crash tests: ${loaded.error.reason}`);
  if (loaded.value.id !== "langgraph") return loaded.value;
  // LangGraph's own saver on the same kind of database as the contract's stores.
  const saver =
    request.store.kind === "postgres"
      ? await ((await import(LANGGRAPH_POSTGRES_MODULE)) as LangGraphPostgresModule).usePostgresCheckpointer(
          env,
          request.store.url,
          request.scope,
        )
      : ((await import(LANGGRAPH_DURABLE_MODULE)) as LangGraphDurableModule).useSqliteCheckpointer(
          env,
          langgraphDatabasePath(request.dir),
        );
  const put = saver.put.bind(saver);
  saver.put = async (...args: unknown[]) => {
    const written = await put(...args);
    // LangGraph (durability "sync") waits for this put before it runs the next node.
    const values = (args[1] as { channel_values?: { agent?: AgentState } } | undefined)?.channel_values;
    if (killAt === "after_intent" && isIntentFor(values?.agent)) stopHere("after_intent");
    return written;
  };
  return loaded.value;
}

function view(state: AgentState, trace: readonly TraceEvent[]): RunView {
  return {
    status: state.status,
    trace_types: trace.map((e) => e.type),
    tool_messages: messagesOf(state).flatMap((m) =>
      m.role !== "tool"
        ? []
        : [{ status: m.status, key: m.idempotency_key, code: (m.content as { code?: string } | null)?.code ?? null }],
    ),
    intent_key: state.status === "executing" || state.status === "reconcile_required" ? state.intent.key : null,
  };
}

async function current(engine: Engine): Promise<AgentState> {
  const state = unwrapEngine(await engine.state(request.session));
  if (state === undefined) throw new Error(`no state for ${request.session}`);
  return state;
}

/** A new process starts its clock where the saved run left off, so time never runs backwards. */
async function catchUpClock(engine: Engine): Promise<void> {
  const state = unwrapEngine(await engine.state(request.session));
  if (state !== undefined && state.updated_at > env.clock.now()) env.clock.advance(state.updated_at - env.clock.now());
}

async function approve(engine: Engine, state: AgentState): Promise<AgentState> {
  if (state.pending_approval === null) throw new Error("nothing to approve");
  const token = approvePending(state.pending_approval, request.session, env.secret, env.clock.now());
  say({ type: "token", token });
  return unwrapEngine(await engine.submitApproval(request.session, { kind: "token", token }));
}

async function main(): Promise<void> {
  const engine = (await factoryFor()).create(env);
  const done = async (state: AgentState) =>
    say({ type: "done", view: view(state, await engine.trace(request.session)) });
  switch (request.mode) {
    case "run": {
      let state = unwrapEngine(await engine.start(request.session, "crash test"));
      if (state.status === "approval_required") {
        if (killAt === "awaiting_approval") stopHere("awaiting_approval");
        if (request.approve) state = await approve(engine, state);
      }
      return done(state);
    }
    case "resume": {
      await catchUpClock(engine);
      const saved = await current(engine);
      return done(
        saved.status === "approval_required"
          ? await approve(engine, saved)
          : unwrapEngine(await engine.resume(request.session)),
      );
    }
    case "aftermath": {
      await catchUpClock(engine);
      for (const token of request.tokens) {
        const after = await engine.submitApproval(request.session, { kind: "token", token });
        const last = (await engine.trace(request.session)).at(-1);
        if (!after.ok) say({ type: "token_refused", code: after.error.code });
        else if (last?.type === "approval_refused") say({ type: "token_refused", code: last.reason ?? "unknown" });
        else say({ type: "token_accepted", view: view(after.value, await engine.trace(request.session)) });
      }
      const saved = await current(engine);
      if (saved.status !== "reconcile_required") return done(saved);
      // Resuming again retries nothing; only a person's confirmation moves an uncertain call on.
      const again = unwrapEngine(await engine.resume(request.session));
      say({ type: "state", label: "resumed_again", view: view(again, await engine.trace(request.session)) });
      return done(
        unwrapEngine(
          await engine.reconcileUncertain(request.session, { outcome: "confirmed", operator: "operator-crash-test" }),
        ),
      );
    }
    case "concurrent":
      return done(unwrapEngine(await engine.start(request.session, "concurrency test")));
    default:
      return assertNever(request);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
