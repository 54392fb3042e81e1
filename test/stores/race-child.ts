/**
 * One worker of the store races: `node --import tsx test/stores/race-child.ts '<RaceRequest JSON>'`.
 * It waits at the barrier, then calls `publish_report` (high risk: every executor call publishes
 * again, nothing downstream deduplicates) under keys k0…k(n-1), through the contract's own
 * `beginCall` and `executeIntent` over the shared ledger and world. When the store fails in the
 * middle of a call (its server restarted), the worker retries that call under the same key and
 * owner, as a restarted process would resume it.
 */
import { FIXTURE_SECRET } from "../../handwritten/fixtures/environment.js";
import {
  assertNever,
  beginCall,
  digest,
  executeIntent,
  systemClock,
  type AuthorizedCall,
  type Intent,
} from "../../contract/index.js";
import { createFixtureRegistry } from "../../handwritten/fixtures/index.js";
import { isStoreError, openDatabase, storesIn, type SqlSpec } from "../../durable/index.js";
import { say, waitAtBarrier, type BarrierRequest } from "./race-barrier.js";

export type RaceRequest = BarrierRequest & {
  readonly store: SqlSpec;
  readonly scope: string;
  readonly worker: string;
  readonly keys: number;
  /** Real latency of each executor call, so calls overlap across workers. */
  readonly latencyMs: number;
  /** How long a worker keeps retrying a call while its store is down. */
  readonly retryForMs: number;
};

export type RaceTally = {
  /** Calls this worker executed and saw succeed. */
  readonly executed: number;
  /** Calls answered from the ledger: a completed key replayed. */
  readonly replayed: number;
  /** Keys another worker held in flight when this one began them. */
  readonly conflicted: number;
  /** Calls that ended `uncertain` (an attempt may have run; the ledger says so for good). */
  readonly uncertain: number;
  readonly failed: number;
  /** Store errors met and retried (the server went away mid-call). */
  readonly store_errors: number;
};

export type RaceLine = { readonly type: "ready" } | { readonly type: "tally"; readonly tally: RaceTally };

const request = JSON.parse(process.argv[2] ?? "null") as RaceRequest;

const db = openDatabase(request.store);
if (!db.ok) throw db.error;
const stores = storesIn(db.value, request.scope, FIXTURE_SECRET);
const world = stores.world({ latencyMs: request.latencyMs });
const deps = {
  registry: createFixtureRegistry(world),
  ledger: stores.ledger,
  artifacts: stores.artifacts,
  clock: systemClock,
};
const args = { artifact: "art_race", audience: "team" } as const;

const tally = { executed: 0, replayed: 0, conflicted: 0, uncertain: 0, failed: 0, store_errors: 0 };

async function callOnce(step: number): Promise<void> {
  const key = `k${step}`;
  const call: AuthorizedCall = {
    tool: "publish_report",
    risk: "high_risk",
    args,
    args_digest: digest(args),
    requested_key: key,
    idempotency_key: key,
  };
  const decision = beginCall(deps, request.worker, step, call);
  switch (decision.kind) {
    case "replay":
      tally.replayed += 1;
      return;
    case "conflict":
      tally.conflicted += 1;
      return;
    case "uncertain":
      tally.uncertain += 1;
      return;
    case "mismatch":
      throw new Error(`${key}: the ledger answered mismatch for identical arguments`);
    case "execute": {
      const intent: Intent = {
        key,
        tool: call.tool,
        risk: call.risk,
        args,
        args_digest: call.args_digest,
        step,
        attempt: 0,
        retry_at: null,
      };
      const outcome = await executeIntent(deps, intent, true);
      switch (outcome.kind) {
        case "succeeded":
          tally[outcome.recovered ? "replayed" : "executed"] += 1;
          return;
        case "uncertain":
          tally.uncertain += 1;
          return;
        case "failed":
        case "transient":
          tally.failed += 1;
          return;
        default:
          return assertNever(outcome);
      }
    }
    default:
      return assertNever(decision);
  }
}

async function main(): Promise<void> {
  waitAtBarrier(request);
  for (let step = 0; step < request.keys; step += 1) {
    const giveUp = Date.now() + request.retryForMs;
    for (;;) {
      try {
        await callOnce(step);
        break;
      } catch (error) {
        if (!isStoreError(error) || Date.now() > giveUp) throw error;
        tally.store_errors += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
  say<RaceLine>({ type: "tally", tally });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
