/**
 * From a store spec to the contract's stores. `openDatabase` connects and migrates, and says
 * why it cannot; `storesIn` puts every store of one scope over a connection (many scopes, e.g.
 * one per scenario engine or per MCP deployment, can share a database).
 */
import {
  assertNever,
  createMemoryLedger,
  ok,
  type ArtifactStore,
  type CheckpointStore,
  type LedgerEntry,
  type LedgerStore,
  type MemoryCheckpointOptions,
  type NonceStore,
  type Result,
  type TraceSink,
} from "../contract/index.js";
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { FixtureWorld } from "../handwritten/fixtures/index.js";
import { memoryEnvironmentStores } from "../handwritten/fixtures/environment.js";
import { createMemoryGraphCheckpointer, type GraphCheckpointer } from "../local-graph/runtime/index.js";
import type { StoreError } from "./errors.js";
import { openRestoreGuard, spentJournalFor, type RestoreGuard } from "./restore-guard.js";
import { describeStore, type StoreSpec } from "./spec.js";
import type { SqlConnection } from "./sql/connection.js";
import { migrate } from "./sql/migrations.js";
import { openPostgres, type PostgresOptions } from "./sql/postgres.js";
import { openSqlite } from "./sql/sqlite.js";
import { createSqlArtifactStore } from "./stores/artifacts.js";
import { createSqlLedger } from "./stores/ledger.js";
import { createSqlNonceStore } from "./stores/nonces.js";
import { createMemoryOwnerRecords, createSqlOwnerRecords, type OwnerRecords } from "./stores/session-owners.js";
import { rowSeals } from "./stores/row-seal.js";
import { createSqlCheckpointStore, createSqlGraphCheckpointer, createSqlTraceSink } from "./stores/records.js";
import { createSqlWorld, type SqlWorldOptions } from "./stores/world.js";

export type Stores = {
  readonly label: string;
  readonly ledger: LedgerStore & { entries(): readonly LedgerEntry[] };
  readonly nonces: NonceStore;
  readonly checkpoints: CheckpointStore;
  readonly artifacts: ArtifactStore;
  readonly trace: TraceSink;
  readonly graph: GraphCheckpointer<unknown>;
  /** Who owns each HTTP server session (`stores/session-owners.ts`). */
  readonly owners: OwnerRecords;
  world(options?: SqlWorldOptions): FixtureWorld;
  /** Runs `body`'s writes to these stores as one transaction (the driver's claim and checkpoint); memory runs it as it is. */
  atomically<T>(body: () => T): T;
};

export type SqlSpec = Exclude<StoreSpec, { kind: "memory" }>;

/** Connects to the database and brings its schema up to date; nothing is written when it fails. */
export function openDatabase(spec: SqlSpec, options: PostgresOptions = {}): Result<SqlConnection, StoreError> {
  const opened = connect(spec, options);
  if (!opened.ok) return opened;
  const migrated = migrate(opened.value);
  if (migrated.ok) return opened;
  opened.value.close();
  return migrated;
}

function connect(spec: SqlSpec, options: PostgresOptions): Result<SqlConnection, StoreError> {
  switch (spec.kind) {
    case "sqlite":
      return openSqlite(spec.path);
    case "postgres":
      return openPostgres(spec.url, describeStore(spec), options);
    default:
      return assertNever(spec);
  }
}

/**
 * The stores of `scope`; their rows are sealed under `secret`, the key this process holds
 * (`stores/row-seal.ts`). With a restore guard (`openRestoreGuard`), nonce claims and the ledger's
 * begins of calls that must not run twice also go to its journal.
 */
export function storesIn(db: SqlConnection, scope: string, secret: string, restoreGuard?: RestoreGuard): Stores {
  const seals = rowSeals(secret);
  const nonces = createSqlNonceStore(db, scope, seals);
  const ledger = createSqlLedger(db, scope, seals);
  return {
    label: db.label,
    ledger: restoreGuard === undefined ? ledger : restoreGuard.guardLedger(ledger),
    nonces: restoreGuard === undefined ? nonces : restoreGuard.guard(nonces),
    checkpoints: createSqlCheckpointStore(db, scope, seals),
    artifacts: createSqlArtifactStore(db, scope),
    trace: createSqlTraceSink(db, scope, seals),
    graph: createSqlGraphCheckpointer(db, scope, seals),
    owners: createSqlOwnerRecords(db, scope, seals),
    world: (options) => createSqlWorld(db, scope, options),
    atomically: (body) => db.transaction(body),
  };
}

/** The stores of a memory spec; `checkpoints` says what its checkpoint store keeps. */
export function memoryStores(checkpoints: MemoryCheckpointOptions = {}): Stores {
  const stores = memoryEnvironmentStores(checkpoints);
  return {
    ...stores,
    label: "memory",
    ledger: createMemoryLedger(),
    graph: createMemoryGraphCheckpointer(),
    owners: createMemoryOwnerRecords(),
    world: (options) => stores.world(options?.faults ?? []),
  };
}

export type OpenStoresOptions = {
  /**
   * The spent-nonce journal that guards the scope against restores (`restore-guard.ts`); null: no
   * guard. @default `defaultSpentJournal(spec)`: beside a SQLite store, in `.agent-harness/` for Postgres.
   */
  readonly spentJournal?: string | null;
  /** Accept a database the guard finds restored or emptied (`store_restored`, `store_truncated`). */
  readonly acceptRestore?: boolean;
  /** What a memory spec's checkpoint store keeps (a database keeps every row). @default every checkpoint */
  readonly memoryCheckpoints?: MemoryCheckpointOptions;
};

export type OpenedStores = {
  readonly stores: Stores;
  readonly db: SqlConnection | null;
  /** What the restore guard found; null in memory or without a journal. */
  readonly restore: Pick<RestoreGuard, "generation" | "accepted"> | null;
};

/** The stores of one scope under any spec, sealed under `secret`; the caller closes the connection it gets back (null for memory). */
export function openStores(
  spec: StoreSpec,
  scope: string,
  secret: string,
  options: OpenStoresOptions = {},
): Result<OpenedStores, StoreError> {
  if (spec.kind === "memory") return ok({ stores: memoryStores(options.memoryCheckpoints), db: null, restore: null });
  const db = openDatabase(spec);
  if (!db.ok) return db;
  const journal = options.spentJournal === undefined ? defaultSpentJournal(spec) : options.spentJournal;
  if (journal === null) return ok({ stores: storesIn(db.value, scope, secret), db: db.value, restore: null });
  const guard = guardOrClose(db.value, scope, journal, secret, options.acceptRestore);
  if (!guard.ok) return guard;
  return ok({ stores: storesIn(db.value, scope, secret, guard.value), db: db.value, restore: guard.value });
}

/** The restore guard of `scope` from `journal`; the connection is closed when the guard refuses the database. */
export function guardOrClose(
  db: SqlConnection,
  scope: string,
  journal: string,
  secret: string,
  acceptRestore = false,
): Result<RestoreGuard, StoreError> {
  const guard = openRestoreGuard(db, scope, { journal, acceptRestore, secret });
  if (!guard.ok) db.close();
  return guard;
}

/** The folder of this machine's harness state (the MCP server's default store and key live there too). */
export const STATE_DIR = ".agent-harness";

/**
 * Where a store's spent-nonce journal is unless told: beside a SQLite file; for Postgres, whose
 * rows a `pg_restore` rolls back together, in this machine's state folder, named by a digest of the
 * server and database (never the password), so every store is guarded without a flag.
 */
export function defaultSpentJournal(spec: SqlSpec): string {
  switch (spec.kind) {
    case "sqlite":
      return spentJournalFor(spec.path);
    case "postgres": {
      const digest = createHash("sha256").update(describeStore(spec)).digest("hex").slice(0, 16);
      return join(STATE_DIR, `postgres-${digest}.spent`);
    }
    default:
      return assertNever(spec);
  }
}
