/**
 * One worker of the approval race: `node --import tsx test/stores/approval-race-child.ts '<ApprovalRaceRequest JSON>'`.
 * It opens the contract's engine over the shared store, waits at the barrier, then hands each session the
 * approval it was given (every worker gets the same tokens, as an at-least-once queue may deliver them) and says
 * how each answer came out: the state reached, or the engine's refusal or the store's error code.
 */
import { join } from "node:path";
import { createDurableEnvironment, isStoreError, type SqlSpec } from "../../durable/index.js";
import { engineContextOf } from "../../runtime/index.js";
import { handwrittenFactory } from "../../scenarios/index.js";
import { say, waitAtBarrier, type BarrierRequest } from "./race-barrier.js";

export type ApprovalRaceRequest = BarrierRequest & {
  readonly store: SqlSpec;
  readonly scope: string;
  readonly worker: string;
  readonly dir: string;
  /** The planner's script, the one the sessions were started with. */
  readonly script: readonly string[];
  /** session id → the approval token to hand it. */
  readonly tokens: Readonly<Record<string, string>>;
};

export type ApprovalRaceLine =
  { readonly type: "ready" } | { readonly type: "answered"; readonly outcomes: Readonly<Record<string, string>> };

const request = JSON.parse(process.argv[2] ?? "null") as ApprovalRaceRequest;

const env = createDurableEnvironment({
  store: request.store,
  scope: request.scope,
  script: request.script,
  // Each worker is a host of its own, with its own spent-nonce journal.
  spentJournal: join(request.dir, `${request.worker}.spent`),
});
const engine = handwrittenFactory.create(engineContextOf(env));
waitAtBarrier(request);
const outcomes: Record<string, string> = {};
for (const [session_id, token] of Object.entries(request.tokens)) {
  try {
    const answered = await engine.submitApproval(session_id, { kind: "token", token });
    outcomes[session_id] = answered.ok ? answered.value.status : answered.error.code;
  } catch (error) {
    if (!isStoreError(error)) throw error;
    outcomes[session_id] = error.code;
  }
}
say<ApprovalRaceLine>({ type: "answered", outcomes });
env.db.close();
