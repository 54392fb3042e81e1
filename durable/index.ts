/**
 * The Node-only I/O shell around the contract: its store interfaces on SQLite (embedded, the
 * default) and Postgres (several workers), one switch to choose (`--store`), and an environment
 * that puts them together. The core never imports this folder.
 */
// First: every Node host loads this shell, and the contract hashes with node:crypto from here on.
import "./node-hashing.js";

export {
  createDurableEnvironment,
  environmentFactory,
  environmentStoresIn,
  langgraphDatabasePath,
  LOCAL_GRAPH_CHECKPOINTER_KEY,
} from "./environment.js";
export type { DurableEnvironment, DurableEnvironmentOptions } from "./environment.js";
export { isStoreError, StoreError } from "./errors.js";
export type { StoreErrorCode } from "./errors.js";
export { defaultSpentJournal, memoryStores, openDatabase, openStores, storesIn } from "./open.js";
export type { OpenedStores, OpenStoresOptions, SqlSpec, Stores } from "./open.js";
export { openRestoreGuard, spentJournalFor } from "./restore-guard.js";
export type { RestoreGuard, RestoreGuardOptions } from "./restore-guard.js";
export { describeStore, parseStoreSpec, resolveStoreSpec, STORE_ENV, STORE_USAGE } from "./spec.js";
export type { StoreSpec } from "./spec.js";
export type { SqlConnection } from "./sql/connection.js";
export { SCHEMA_VERSION } from "./sql/migrations.js";
export { createSqlLedger } from "./stores/ledger.js";
export type { SqlLedger } from "./stores/ledger.js";
export { createSqlNonceStore } from "./stores/nonces.js";
export { createMemoryOwnerRecords, createSqlOwnerRecords } from "./stores/session-owners.js";
export type { OwnerRecords } from "./stores/session-owners.js";
export { claimStoreKey, keyIdOf } from "./stores/store-key.js";
export { readWorld } from "./stores/world.js";
export type { SqlWorld, SqlWorldOptions } from "./stores/world.js";
export { openStoreOption } from "./option.js";
export type { StoreOption } from "./option.js";
export { keyFileFor, readKeyFile, readOrCreateKeyFile } from "./key-file.js";
export type { KeyFileError } from "./key-file.js";
export { installNodeHashing, nodeHashing } from "./node-hashing.js";
