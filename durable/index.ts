/**
 * The Node-only I/O shell around the contract: durable implementations of its store interfaces
 * (files written with fsync, a lock file per key for cross-process compare-and-set), a fixture
 * world that survives a crash, and an environment that puts them together. The core never
 * imports this folder.
 */
export { createFileArtifactStore } from "./artifacts.js";
export { createFileCheckpointStore } from "./checkpoints.js";
export { createDurableEnvironment, langgraphDatabasePath, LOCAL_GRAPH_CHECKPOINTER_KEY } from "./environment.js";
export type { DurableEnvironment, DurableEnvironmentOptions } from "./environment.js";
export { appendJsonLines, readJsonLines, writeFileAtomic } from "./files.js";
export { createFileGraphCheckpointer } from "./graph-checkpointer.js";
export { createFileLedger } from "./ledger.js";
export type { FileLedger } from "./ledger.js";
export { LockTimeoutError, withLock, withLockSync } from "./lock.js";
export type { LockOptions } from "./lock.js";
export { createFileTraceSink } from "./trace.js";
export { createDurableWorld, readWorldData, WORLD_FILE } from "./world.js";
export type { DurableWorld, DurableWorldOptions } from "./world.js";
