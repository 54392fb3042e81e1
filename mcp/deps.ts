/**
 * The dependencies of a fixture server, built in one place for the stdio and HTTP entries, the
 * tests, the benchmark and the web page. Stores default to memory; pass durable ones to keep
 * sessions, used nonces, the ledger and artifacts across a restart.
 */
import {
  createMemoryArtifactStore,
  createMemoryCheckpointStore,
  createMemoryLedger,
  createMemoryNonceStore,
  DEFAULT_INPUT_LIMITS,
  type ArtifactStore,
  type CheckpointStore,
  type Clock,
  type IdSource,
  type LedgerStore,
  type NonceStore,
  type ToolRegistry,
} from "../contract/index.js";
import { createFixtureRegistry, type FixtureWorld } from "../handwritten/fixtures/index.js";
import { createMemoryAuditSink, type AuditSink } from "./audit.js";
import { MCP_SESSION_LIMITS } from "./call-tool.js";
import { fixtureCatalog } from "./resources.js";
import type { HarnessDeps } from "./server.js";
import { untransacted } from "../runtime/index.js";

export type FixtureDepsOptions = {
  readonly world: FixtureWorld;
  readonly secret: string;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly audit?: AuditSink;
  readonly sessions?: CheckpointStore;
  readonly ledger?: LedgerStore;
  readonly nonces?: NonceStore;
  readonly artifacts?: ArtifactStore;
  /** The durable stores' one transaction (`Stores.atomically`): a nonce claim stands only with its checkpoint. */
  readonly atomically?: <T>(body: () => T) => T;
  /** Replaces the fixture registry over `world` (tests wrap its tools). */
  readonly registry?: ToolRegistry;
};

/**
 * A session is only ever resumed from its latest checkpoint (a call loads it; nothing rewinds an
 * MCP session), so sessions in memory keep that one: not every checkpoint of every call for the
 * process's life, which the garbage collector would walk again and again.
 */
export const MCP_SESSION_KEEP = Object.freeze({ keep: "latest" as const });

export function createFixtureHarnessDeps(options: FixtureDepsOptions): HarnessDeps {
  return {
    registry: options.registry ?? createFixtureRegistry(options.world),
    ledger: options.ledger ?? createMemoryLedger(),
    nonces: options.nonces ?? createMemoryNonceStore(),
    artifacts: options.artifacts ?? createMemoryArtifactStore(),
    clock: options.clock,
    ids: options.ids,
    secret: options.secret,
    sessions: options.sessions ?? createMemoryCheckpointStore(MCP_SESSION_KEEP),
    audit: options.audit ?? createMemoryAuditSink(),
    limits: MCP_SESSION_LIMITS,
    inputLimits: DEFAULT_INPUT_LIMITS,
    catalog: fixtureCatalog(options.world),
    atomically: options.atomically ?? untransacted,
  };
}
