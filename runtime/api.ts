/**
 * The one small interface every engine implements: the handwritten runner, the graph engines, a
 * framework's adapter, or a module a user loads by path. An engine is built over a context; building
 * a second one over the same context is a new process that finds only what the durable stores kept.
 */
import type {
  AgentLimits,
  AgentState,
  ApprovalInput,
  ArtifactStore,
  CheckpointStore,
  Clock,
  IdSource,
  LedgerStore,
  NonceStore,
  Planner,
  ReconcileInput,
  Result,
  ToolRegistry,
  TraceEvent,
  TraceSink,
} from "../contract/index.js";
import type { EngineSlots } from "./slots.js";

/** How a graph engine runs a batch's calls: one fan-out task per call, or the whole batch in one node. */
export const BATCH_EXECUTIONS = ["fan_out", "single_node"] as const;
export type BatchExecution = (typeof BATCH_EXECUTIONS)[number];

/**
 * A graph's size, counted from the running graph as LangGraph's `getGraph()` counts: `edges` has one
 * edge per target each router declares (plus START's), `conditional_edges` those of them that are
 * routed, and `routers` the nodes that route (the other counting rule: one conditional edge per router).
 */
export type GraphShape = {
  readonly nodes: number;
  readonly edges: number;
  readonly conditional_edges: number;
  readonly routers: number;
};

/**
 * What an engine is built over: the contract's tools (`registry`), its stores, the injected clock,
 * ids, planner, secret and limits, and typed slots that outlive one engine instance (an engine's
 * own checkpointer). The world behind the tools is deliberately absent: an engine sees tools only.
 */
export type EngineContext = {
  readonly registry: ToolRegistry;
  readonly ledger: LedgerStore;
  /** Used approval nonces, beside the ledger and outside every checkpoint history. */
  readonly nonces: NonceStore;
  readonly artifacts: ArtifactStore;
  readonly checkpoints: CheckpointStore;
  readonly trace: TraceSink;
  /**
   * Runs `body`'s writes to these stores as their one transaction (`Stores.atomically`): the driver applies each
   * event in it, so a nonce claim, its trace and its checkpoint commit together or not at all. Memory stores, in
   * one process, run it as it is (`untransacted`).
   */
  readonly atomically: <T>(body: () => T) => T;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly planner: Planner;
  readonly secret: string;
  readonly limits: AgentLimits;
  readonly batchExecution: BatchExecution;
  readonly slots: EngineSlots;
};

/** The view of a larger environment handed to an engine: the context's fields and nothing else. */
export function engineContextOf(env: EngineContext): EngineContext {
  const { registry, ledger, nonces, artifacts, checkpoints, trace, clock, ids, planner, secret, limits } = env;
  const { atomically, batchExecution, slots } = env;
  return {
    registry,
    ledger,
    nonces,
    artifacts,
    checkpoints,
    trace,
    atomically,
    clock,
    ids,
    planner,
    secret,
    limits,
    batchExecution,
    slots,
  };
}

/** The `atomically` of stores that have no transaction to run in: one process's memory, written as the body runs. */
export function untransacted<T>(body: () => T): T {
  return body();
}

/** What every engine operation answers: the state, or a misuse from the closed set of codes. */
export type EngineResult<T = AgentState> = Result<T, EngineError>;

export type Engine<Id extends string = string> = {
  readonly id: Id;
  /** Runs a new session until it ends or waits for a person. */
  start(session_id: string, goal: string): Promise<EngineResult>;
  /** `input` is untrusted: anything but an `ApprovalInput` is refused as `approval_malformed`, changing nothing. */
  submitApproval(session_id: string, input: ApprovalInput | unknown): Promise<EngineResult>;
  /** Continues from the latest checkpoint, as a new process does after a crash. */
  resume(session_id: string): Promise<EngineResult>;
  reconcileUncertain(session_id: string, input: ReconcileInput): Promise<EngineResult>;
  /** The latest state, or `checkpoint_tampered` when the stored checkpoint fails its seal. */
  state(session_id: string): Promise<EngineResult<AgentState | undefined>>;
  trace(session_id: string): Promise<readonly TraceEvent[]>;
  /** Committed graph steps of a session, or null for an engine that is not a graph. */
  graphSteps(session_id: string): Promise<number | null>;
  /**
   * Goes back to the most recent earlier checkpoint at which a call waited for approval, as a
   * store restored from an older copy or a time-travel resume does (`rewind.ts`). Optional: an
   * engine without it is refused `rewind_unsupported` by the rewind columns.
   */
  rewindToApproval?(session_id: string): Promise<EngineResult>;
  /**
   * What the engine stored for the session where no slot shows it as values (a framework's own database,
   * read through its API), as text: the secret columns search it with every other stored byte. Optional:
   * an engine that keeps nothing beyond the contract's stores and its slots has nothing to add.
   */
  storageSnapshot?(session_id: string): Promise<readonly string[]>;
};

export type EngineFactory<Id extends string = string> = {
  readonly id: Id;
  /** The exact version of the framework that runs, read from the installed package. */
  readonly version: string;
  create(context: EngineContext): Engine<Id>;
  /** Node and edge counts of the graph, read from the running graph; null when not a graph. */
  shape(context: EngineContext): Promise<GraphShape | null>;
  /** The graph as a Mermaid flowchart, drawn from the running graph; absent or null when not a graph. */
  diagram?(context: EngineContext): Promise<string | null>;
  /** A framework hardened by a layer of pieces on its own extension points: what the ablation switches off. */
  readonly layer?: HardeningLayer;
};

/**
 * A hardening layer as an ablation sees it: its pieces, and the same engine with some of them switched off.
 * A piece that no column turns on its own names the piece that then holds the line (defence in depth).
 */
export type HardeningLayer = {
  readonly pieces: readonly string[];
  readonly backedUpBy: Readonly<Partial<Record<string, string>>>;
  without(disable: readonly string[]): EngineFactory<string>;
};

/**
 * A layer over its piece table: `without` checks each name against the table (an ablation's typo fails
 * loudly instead of switching nothing off) before `make` builds the engine with those pieces off.
 */
export const layerOf = <Piece extends string>(
  pieces: readonly Piece[],
  backedUpBy: Readonly<Partial<Record<Piece, Piece>>>,
  make: (disable: Piece[]) => EngineFactory<string>,
): HardeningLayer => ({
  pieces,
  backedUpBy,
  without: (disable) =>
    make(
      disable.map((name) => {
        const piece = pieces.find((p) => p === name);
        if (piece === undefined) throw new Error(`no hardening piece ${name}; the layer has ${pieces.join(", ")}`);
        return piece;
      }),
    ),
});

/** Every way a caller can misuse an engine, the same words on every engine. */
export const ENGINE_ERROR_CODES = [
  "unknown_session",
  "session_exists",
  "approval_malformed",
  "approval_not_pending",
  "not_reconcilable",
  "checkpoint_tampered",
  "nothing_to_rewind",
  "rewind_unsupported",
] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];
export type EngineError = { readonly code: EngineErrorCode; readonly message: string };

/** Raised by an engine's own API misuse (unknown session, nothing to approve), with a code from the closed set. */
export class EngineUsageError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "EngineUsageError";
  }
}
