/**
 * One `tools/call`'s hold on its session: the stored state opened (its seal checked, or known as
 * the one sealed here), and the runtime's one driver over it, whose facts and trace events this
 * call applied are kept for the answer.
 */
import {
  err,
  isCheckpointTamperedError,
  ok,
  openCheckpoint,
  type AgentState,
  type Checkpoint,
  type CheckpointStore,
  type CheckpointTampered,
  type Fact,
  type PendingApproval,
  type Result,
  type TraceEvent,
} from "../contract/index.js";
import { createDriver, type Driver, type DriverDeps, type DriverEvent, type RunUntil } from "../runtime/index.js";
import type { AuditSink } from "./audit.js";
import type { WrittenCheckpoints } from "./written-checkpoints.js";

/** What a session needs of the call path's dependencies; its checkpoints and trace are the session's own. */
export type SessionDeps = Omit<DriverDeps, "checkpoints" | "trace"> & {
  /** Each session's latest agent state. */
  readonly sessions: CheckpointStore;
  readonly audit: AuditSink;
};

export type Unstamped = DriverEvent extends infer E ? (E extends DriverEvent ? Omit<E, "at"> : never) : never;

/**
 * A session over the runtime's one driver: it steps, checkpoints, audits each fact and performs the
 * effects (an approval is decided by the contract's `approve`, which spends the nonce), until it
 * waits. The host is the planner: the driver stops before asking one, and the next request is the
 * next turn. A class, one per call: its methods (and the driver's checkpoint and trace sinks, which
 * it is) live on the prototype, where an object literal would make a closure for each on every call.
 */
export class CallSession {
  readonly opened: Result<AgentState | null, CheckpointTampered>;
  readonly #deps: SessionDeps;
  readonly #written: WrittenCheckpoints;
  readonly #signal: AbortSignal | undefined;
  readonly #observe: ((event: TraceEvent) => void) | undefined;
  readonly #until: RunUntil;
  readonly #driver: Driver;
  readonly #facts: Fact[] = [];
  readonly #events: TraceEvent[] = [];

  constructor(
    deps: SessionDeps,
    written: WrittenCheckpoints,
    readonly session_id: string,
    signal: AbortSignal | undefined,
    observe: ((event: TraceEvent) => void) | undefined,
  ) {
    this.#deps = deps;
    this.#written = written;
    this.#signal = signal;
    this.#observe = observe;
    this.#until = signal === undefined ? PLANNER_TURN : { planner: true, signal };
    // Every load checks the seal, or knows the record as the one sealed here (a durable store checks its rows' too);
    // a tampered session is never driven on.
    this.opened = loadSession(deps, written, session_id);
    const facts = this.#facts;
    const events = this.#events;
    this.#driver = createDriver(
      { ...deps, checkpoints: this, trace: this },
      this.opened.ok ? this.opened.value : null,
      ({ result }) => {
        events.push(...result.trace.slice(result.trace.length - result.facts.length));
        facts.push(...result.facts);
      },
    );
  }

  /** The driver's checkpoint sink: the session store, and the record remembered as sealed here. */
  put(checkpoint: Checkpoint, after?: string | null): void {
    this.#deps.sessions.put(checkpoint, after);
    this.#written.remember(checkpoint);
  }

  /** The driver's trace sink: the audit trail, then whoever observes this call. */
  append(trace: readonly TraceEvent[]): void {
    for (const e of trace) {
      this.#deps.audit.append(e);
      this.#observe?.(e);
    }
  }

  state(): AgentState | null {
    return this.#driver.state();
  }

  status(): AgentState["status"] | null {
    return this.#driver.state()?.status ?? null;
  }

  pending(): PendingApproval | null {
    const s = this.#driver.state();
    return s?.status === "approval_required" ? s.pending_approval : null;
  }

  facts(): readonly Fact[] {
    return this.#facts;
  }

  events(): readonly TraceEvent[] {
    return this.#events;
  }

  cancelled(): boolean {
    return this.#signal?.aborted === true;
  }

  async feed(first: Unstamped): Promise<void> {
    await this.#driver.run({ ...first, at: this.#deps.clock.now() }, this.#until);
  }
}

const PLANNER_TURN: RunUntil = Object.freeze({ planner: true });

function loadSession(
  deps: SessionDeps,
  written: WrittenCheckpoints,
  session_id: string,
): Result<AgentState | null, CheckpointTampered> {
  let stored: Checkpoint | undefined;
  try {
    stored = deps.sessions.latest(session_id);
  } catch (error) {
    if (isCheckpointTamperedError(error)) return err(error.failure);
    throw error;
  }
  if (stored === undefined) return ok(null);
  return written.isMine(stored, session_id) ? ok(stored.state) : openCheckpoint(stored, session_id, deps.secret);
}
