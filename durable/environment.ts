/**
 * A scenario environment whose stores live on disk under one directory. Every process that opens
 * the same directory sees the same world, ledger, checkpoints, trace and artifacts: a process
 * built over it after a kill is a real restart. The planner, ids, secret and limits come from
 * `createEnvironment`, unchanged, so a durable run is the same run as an in-memory one.
 *
 *   <dir>/world/        the fixture world (world.json) and its lock
 *   <dir>/ledger/       one file and one lock file per idempotency key
 *   <dir>/checkpoints/  the handwritten engine's checkpoints, one log per session
 *   <dir>/graph/        the local state graph's checkpoints, one log per thread
 *   <dir>/trace/        the trace, one log per session
 *   <dir>/artifacts/    large tool outputs
 *   <dir>/langgraph.sqlite  LangGraph's SqliteSaver (opened by the adapter, not here)
 */
import { join } from "node:path";
import type { ManualClock } from "../handwritten/contract/index.js";
import { createFixtureRegistry } from "../handwritten/fixtures/index.js";
import { LOCAL_GRAPH_CHECKPOINTER_KEY } from "../local-graph/agent/index.js";
import { createEnvironment, type Environment, type EnvironmentOptions } from "../scenarios/environment.js";
import { createFileArtifactStore } from "./artifacts.js";
import { createFileCheckpointStore } from "./checkpoints.js";
import { createFileGraphCheckpointer } from "./graph-checkpointer.js";
import { createFileLedger, type FileLedger } from "./ledger.js";
import { createFileTraceSink } from "./trace.js";
import { createDurableWorld, type DurableWorld } from "./world.js";

export { LOCAL_GRAPH_CHECKPOINTER_KEY };

export type DurableEnvironmentOptions = Omit<EnvironmentOptions, "inFlightElsewhere"> & {
  readonly dir: string;
  /** @default a manual clock, as in `createEnvironment` */
  readonly clock?: ManualClock;
  /** Real latency of every executor call, so that concurrent calls overlap. @default 0 */
  readonly worldLatencyMs?: number;
};

export type DurableEnvironment = Environment & {
  readonly dir: string;
  readonly world: DurableWorld;
  readonly ledger: FileLedger;
};

export function createDurableEnvironment(options: DurableEnvironmentOptions): DurableEnvironment {
  const { dir, clock, worldLatencyMs, faults, ...rest } = options;
  const base = createEnvironment(rest);
  const world = createDurableWorld(join(dir, "world"), {
    ...(faults === undefined ? {} : { faults }),
    latencyMs: worldLatencyMs ?? 0,
  });
  const durable = new Map<string, unknown>([
    [LOCAL_GRAPH_CHECKPOINTER_KEY, createFileGraphCheckpointer(join(dir, "graph"))],
  ]);
  return {
    ...base,
    dir,
    world,
    registry: createFixtureRegistry(world),
    ledger: createFileLedger(join(dir, "ledger")),
    artifacts: createFileArtifactStore(join(dir, "artifacts")),
    checkpoints: createFileCheckpointStore(join(dir, "checkpoints")),
    trace: createFileTraceSink(join(dir, "trace")),
    clock: clock ?? base.clock,
    durable,
  };
}

/** Where LangGraph's SqliteSaver keeps its database inside a durable environment's directory. */
export function langgraphDatabasePath(dir: string): string {
  return join(dir, "langgraph.sqlite");
}
