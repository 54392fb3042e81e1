/**
 * The contract's own engine in the multi-worker bench: the handwritten engine over the durable stores on Postgres
 * (`createDurableEnvironment`), every worker process on the same scope, so the ledger, the nonces, the checkpoints
 * and the world are shared rows. A person's approval is a real token (`approvePending` over the pending call read
 * from the session's sealed checkpoint), minted by whichever worker approves, with the server's secret. The same
 * worker side serves any engine of the project's interface (`scaleEngineOver`): one row per engine.
 */
import { join } from "node:path";
import { approvePending, systemClock, type AgentState, type ManualClock } from "../../../contract/index.js";
import { createDurableEnvironment, openDatabase, readWorld, type SqlSpec } from "../../../durable/index.js";
import { finalAnswer, toolCall } from "../../../handwritten/fixtures/index.js";
import { engineContextOf, type Engine, type EngineError, type EngineFactory } from "../../../runtime/index.js";
import type { EngineResult } from "../../../runtime/index.js";
import { handwrittenFactory } from "../../../scenarios/index.js";
import type { DurableEnvironment } from "../../../durable/index.js";
import type { ScaleEngine, ScaleOutcome, ScalePlace, ScaleWorker } from "./engine.js";

/** The high-risk tool every session calls once; its effects in the world are what the bench counts. */
export const SCALE_TOOL = "publish_report";
const GOAL = "publish the weekly report";
/** Every session's planner: one high-risk call, then the answer (the fixture planner answers by step). */
const SCRIPT = [toolCall(SCALE_TOOL, { artifact: "art_weekly", audience: "team" }), finalAnswer("published")];

/**
 * Workers share the wall clock, as processes on one machine (or several, kept in time) do: a token minted in one
 * expires by the same time in another, and a call's timeout runs in real time while its effect takes real time.
 */
const wallClock: ManualClock = {
  ...systemClock,
  advance() {
    throw new Error("the bench's workers run on the wall clock; nothing moves it");
  },
};

const specOf = (place: ScalePlace): SqlSpec => ({ kind: "postgres", url: place.url });

const refused = (error: EngineError): ScaleOutcome => ({ ok: false, error: `${error.code}: ${error.message}` });

export function outcomeOf(result: EngineResult): ScaleOutcome {
  if (!result.ok) return refused(result.error);
  return { ok: true, status: result.value.status, effect_key: effectKeyOf(result.value) };
}

function effectKeyOf(state: AgentState): string | null {
  return state.status === "approval_required" ? state.pending_approval.idempotency_key : null;
}

/** The engine a worker runs, and the environment under it (a sabotaged worker in the tests reaches past it). */
export type OpenedContract = { readonly env: DurableEnvironment; readonly engine: Engine };

export function openContract(
  place: ScalePlace,
  worker: string,
  factory: EngineFactory = handwrittenFactory,
): OpenedContract {
  const env = createDurableEnvironment({
    store: specOf(place),
    scope: place.scope,
    script: SCRIPT,
    clock: wallClock,
    worldLatencyMs: place.world_latency_ms,
    // Each worker is a host of its own: its own spent-nonce journal, none in the project's folder.
    spentJournal: join(place.dir, `${worker}.spent`),
  });
  return { env, engine: factory.create(engineContextOf(env)) };
}

/** The worker side over an opened engine: each operation is one call of the engine's own interface. */
export function contractWorker({ env, engine }: OpenedContract, shutdown?: () => Promise<void>): ScaleWorker {
  return {
    async start(session_id) {
      return outcomeOf(await engine.start(session_id, GOAL));
    },
    async approve(session_id) {
      const state = await engine.state(session_id);
      if (!state.ok) return refused(state.error);
      if (state.value?.status !== "approval_required")
        return { ok: false, error: `nothing waits for approval: ${state.value?.status ?? "no session"}` };
      const token = approvePending(state.value.pending_approval, session_id, env.secret, env.clock.now());
      return outcomeOf(await engine.submitApproval(session_id, { kind: "token", token }));
    },
    async resume(session_id) {
      return outcomeOf(await engine.resume(session_id));
    },
    async close() {
      env.db.close();
      await shutdown?.();
    },
  };
}

/** What the world recorded for the high-risk tool, per key, read in a connection of the parent's own. */
export async function worldEffects(place: ScalePlace): Promise<Readonly<Record<string, number>>> {
  const db = openDatabase(specOf(place));
  if (!db.ok) throw db.error;
  try {
    return readWorld(db.value, place.scope)?.effects[SCALE_TOOL] ?? {};
  } finally {
    db.value.close();
  }
}

/** Opening migrates: the parent does it once, so the workers' first opens do not race to create the tables. */
export async function prepareDatabase(place: ScalePlace): Promise<void> {
  const db = openDatabase(specOf(place));
  if (!db.ok) throw db.error;
  db.value.close();
}

/**
 * Any engine of the project's interface (runtime/api.ts) as a row of the bench: built in each worker over the same
 * durable stores, approved with the same token, counted in the same world. A framework's row (DBOS) is a module of
 * a few lines: its factory loaded dynamically from its adapter, and the framework's runtime shut down at the end.
 */
export type EngineRow = {
  readonly id: string;
  readonly version: string;
  /** Called once in each worker process, with the run's place (a framework's system database is its URL). */
  readonly factory: (place: ScalePlace) => Promise<EngineFactory>;
  /** Ends what the factory started in the process (a framework's runtime), after the stores close. */
  readonly shutdown?: () => Promise<void>;
};

export function scaleEngineOver(row: EngineRow): ScaleEngine {
  return {
    id: row.id,
    version: row.version,
    open: async (place, worker) => contractWorker(openContract(place, worker, await row.factory(place)), row.shutdown),
    effects: worldEffects,
    prepare: prepareDatabase,
  };
}

export const scaleEngine = scaleEngineOver({
  id: "contract_postgres",
  version: "local",
  factory: async () => handwrittenFactory,
});
