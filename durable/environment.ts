/**
 * Scenario environments whose stores live in a database (SQLite or Postgres). Every process that
 * opens the same database and scope sees the same world, ledger, checkpoints, trace and artifacts:
 * a process built over it after a kill is a real restart. The planner, ids, secret and limits come
 * from `createEnvironment`, unchanged, so a durable run is the same run as an in-memory one.
 * LangGraph's own saver is opened by the adapter beside it (`langgraphDatabasePath`).
 */
import { join } from "node:path";
import type { ManualClock } from "../contract/index.js";
import { LOCAL_GRAPH_CHECKPOINTER_KEY } from "../local-graph/agent/index.js";
import {
  createEnvironment,
  type Environment,
  type EnvironmentOptions,
  type EnvironmentStores,
  FIXTURE_SECRET,
} from "../handwritten/fixtures/environment.js";
import { slotValue } from "../runtime/index.js";
import { defaultSpentJournal, guardOrClose, openDatabase, storesIn, type SqlSpec, type Stores } from "./open.js";
import type { RestoreGuard } from "./restore-guard.js";
import type { SqlConnection } from "./sql/connection.js";
import { scopeRows } from "./sql/migrations.js";

export { LOCAL_GRAPH_CHECKPOINTER_KEY };

export type DurableEnvironmentOptions = EnvironmentOptions & {
  readonly store: SqlSpec;
  /** Several environments can share one database under different scopes. @default "main" */
  readonly scope?: string;
  /** @default a manual clock, as in `createEnvironment` */
  readonly clock?: ManualClock;
  /** Real latency of every executor call, so that concurrent calls overlap. @default 0 */
  readonly worldLatencyMs?: number;
  /**
   * The spent-nonce journal that guards the scope against restores (`restore-guard.ts`). Every
   * environment is guarded: a damaged, emptied or WAL-less file is refused, never opened as new.
   * @default `defaultSpentJournal(store)`: beside a SQLite file, in `.agent-harness/` for Postgres
   */
  readonly spentJournal?: string;
  /** Accept a restored or emptied database. @default false */
  readonly acceptRestore?: boolean;
};

export type DurableEnvironment = Environment & {
  readonly db: SqlConnection;
  readonly ledger: Stores["ledger"];
};

/** The environment's stores in one scope of an open database, sealed under the environment's secret. */
export function environmentStoresIn(
  db: SqlConnection,
  scope: string,
  worldLatencyMs = 0,
  restoreGuard?: RestoreGuard,
): EnvironmentStores {
  const stores = storesIn(db, scope, FIXTURE_SECRET, restoreGuard);
  return {
    ...stores,
    world: (faults) => stores.world({ faults, latencyMs: worldLatencyMs }),
    slots: [slotValue(LOCAL_GRAPH_CHECKPOINTER_KEY, stores.graph)],
    rows: () => scopeRows(db, scope),
  };
}

/** Opens the database; a store that cannot be opened is a configuration error here (tests and child processes). */
export function createDurableEnvironment(options: DurableEnvironmentOptions): DurableEnvironment {
  const { store, scope, clock, worldLatencyMs, spentJournal, acceptRestore, ...rest } = options;
  const db = openDatabase(store);
  if (!db.ok) throw db.error;
  const journal = spentJournal ?? defaultSpentJournal(store);
  const guard = guardOrClose(db.value, scope ?? "main", journal, FIXTURE_SECRET, acceptRestore);
  if (!guard.ok) throw guard.error;
  const stores = environmentStoresIn(db.value, scope ?? "main", worldLatencyMs, guard.value);
  const base = createEnvironment(rest, stores);
  return { ...base, db: db.value, ledger: stores.ledger as Stores["ledger"], clock: clock ?? base.clock };
}

/**
 * Environments for entry points that run many scenarios (compare, faults, bench): each run gets
 * a scope of its own on one shared connection, so no run sees another's state.
 */
export function environmentFactory(db: SqlConnection, prefix: string): (options: EnvironmentOptions) => Environment {
  let runs = 0;
  return (options) => createEnvironment(options, environmentStoresIn(db, `${prefix}-${(runs += 1)}`));
}

/** Where LangGraph's SqliteSaver keeps its database inside a test's directory. */
export function langgraphDatabasePath(dir: string): string {
  return join(dir, "langgraph.sqlite");
}
