/**
 * One scenario's outside world: the fixture tools over a fixture world, the ledger, the stores,
 * a manual clock, seeded ids and the approval secret. Every engine of a scenario gets its own
 * environment built from the same options, so no engine sees another's side effects.
 */
import {
  createIdSource,
  createManualClock,
  createMemoryArtifactStore,
  createMemoryCheckpointStore,
  createMemoryLedger,
  createMemoryNonceStore,
  createMemoryTraceSink,
  DEFAULT_LIMITS,
  digest,
  type AgentLimits,
  type ArtifactStore,
  type CheckpointStore,
  type IdSource,
  type LedgerStore,
  type NonceStore,
  type ManualClock,
  type Planner,
  type ToolRegistry,
  type TraceSink,
} from "../handwritten/contract/index.js";
import {
  createFixtureModel,
  createFixtureRegistry,
  createFixtureWorld,
  type Fault,
  type FixtureWorld,
} from "../handwritten/fixtures/index.js";
import type { BatchExecution } from "../local-graph/agent/routes.js";

export type EnvironmentOptions = {
  readonly script: readonly string[];
  readonly faults?: readonly Fault[];
  readonly limits?: Partial<AgentLimits>;
  /** @default DEFAULT_SEED */
  readonly seed?: string;
  /** How the graph engines run a batch's calls (the handwritten reducer has one way). @default "fan_out" */
  readonly batchExecution?: BatchExecution;
  /** Keys another process holds in flight when the run starts (a concurrent caller). */
  readonly inFlightElsewhere?: readonly {
    readonly key: string;
    readonly tool: string;
    readonly args: Readonly<Record<string, unknown>>;
  }[];
};

export type Environment = {
  readonly world: FixtureWorld;
  readonly registry: ToolRegistry;
  readonly ledger: LedgerStore;
  /** Used approval nonces, beside the ledger and outside every checkpoint history. */
  readonly nonces: NonceStore;
  readonly artifacts: ArtifactStore;
  readonly checkpoints: CheckpointStore;
  readonly trace: TraceSink;
  readonly clock: ManualClock;
  readonly ids: IdSource;
  /** The scenario's FixtureModel, unless a replayed or recording planner stands in for it. */
  readonly planner: Planner;
  readonly secret: string;
  readonly limits: AgentLimits;
  readonly batchExecution: BatchExecution;
  /** Storage that outlives an engine instance (a simulated process), for engines' own checkpointers. */
  readonly durable: Map<string, unknown>;
};

/**
 * Where an environment keeps its state: in memory by default; `durable/` passes SQLite or
 * Postgres stores. `world` is built with the scenario's faults; `durable` seeds the storage that
 * engines keep their own checkpointers in.
 */
export type EnvironmentStores = {
  readonly ledger: LedgerStore;
  /** Used approval nonces, in the same store as the ledger (a database row outlives a rewound checkpoint). */
  readonly nonces: NonceStore;
  readonly artifacts: ArtifactStore;
  readonly checkpoints: CheckpointStore;
  readonly trace: TraceSink;
  readonly world: (faults: readonly Fault[]) => FixtureWorld;
  readonly durable?: ReadonlyMap<string, unknown>;
};

export function memoryEnvironmentStores(): EnvironmentStores {
  return {
    ledger: createMemoryLedger(),
    nonces: createMemoryNonceStore(),
    artifacts: createMemoryArtifactStore(),
    checkpoints: createMemoryCheckpointStore(),
    trace: createMemoryTraceSink(),
    world: (faults) => {
      const world = createFixtureWorld();
      for (const fault of faults) world.inject(fault);
      return world;
    },
  };
}

/** The seed of fixture ids and nonces, unless a scenario names its own. */
export const DEFAULT_SEED = "seed-13";

/** The approval secret of fixture runs. A real deployment injects its own. */
export const FIXTURE_SECRET = "fixture-approval-secret-13";

export function createEnvironment(
  options: EnvironmentOptions,
  stores: EnvironmentStores = memoryEnvironmentStores(),
): Environment {
  const world = stores.world(options.faults ?? []);
  const clock = createManualClock();
  const ledger = stores.ledger;
  for (const held of options.inFlightElsewhere ?? []) {
    ledger.begin({
      key: held.key,
      tool: held.tool,
      args_digest: digest(held.args),
      owner: "another-process#1",
      at: clock.now(),
    });
  }
  return {
    world,
    registry: createFixtureRegistry(world),
    ledger,
    nonces: stores.nonces,
    artifacts: stores.artifacts,
    checkpoints: stores.checkpoints,
    trace: stores.trace,
    clock,
    ids: createIdSource(options.seed ?? DEFAULT_SEED),
    planner: createFixtureModel(options.script),
    secret: FIXTURE_SECRET,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    batchExecution: options.batchExecution ?? "fan_out",
    durable: new Map(stores.durable ?? []),
  };
}
