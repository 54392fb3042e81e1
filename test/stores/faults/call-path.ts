/**
 * The MCP server's one call path (`createCallTool`) over a durable store, in this process: what a
 * server process does with a `tools/call`, without the transport. The store cases wrap its stores
 * to put a fault at an exact point (a stale read, a server killed after a nonce claim). Every
 * caller over the same spec and scope sees the same sessions, nonces, ledger and world.
 */
import { randomBytes } from "node:crypto";
import {
  approvePending,
  createIdSource,
  systemClock,
  type CheckpointStore,
  type NonceStore,
  type PendingApproval,
} from "../../../contract/index.js";
import {
  openDatabase,
  readWorld,
  storesIn,
  type SqlConnection,
  type SqlSpec,
  type Stores,
} from "../../../durable/index.js";
import { createCallTool, createFixtureHarnessDeps, type CallAnswer } from "../../../mcp/index.js";
import { TEST_SECRET } from "../../../scenarios/mcp/stdio-server.js";

export const PUBLISH = { name: "publish_report", arguments: { artifact: "art_q3", audience: "team" } } as const;

export type CallPath = {
  readonly db: SqlConnection;
  readonly stores: Stores;
  /** A `publish_report` in `session` under the key `session`, with `token` when given. */
  publish(session: string, token: string | null): Promise<CallAnswer>;
  /** Publishes under the key `session`, counted by the world in the store. */
  effects(session: string): number;
  close(): void;
};

export type CallPathFaults = {
  readonly sessions?: (stores: Stores) => CheckpointStore;
  readonly nonces?: (stores: Stores) => NonceStore;
};

export function openCallPath(spec: SqlSpec, scope: string, faults: CallPathFaults = {}): CallPath {
  const db = openDatabase(spec);
  if (!db.ok) throw db.error;
  const stores = storesIn(db.value, scope, TEST_SECRET);
  const call = createCallTool(
    createFixtureHarnessDeps({
      world: stores.world(),
      sessions: faults.sessions?.(stores) ?? stores.checkpoints,
      ledger: stores.ledger,
      nonces: faults.nonces?.(stores) ?? stores.nonces,
      artifacts: stores.artifacts,
      atomically: stores.atomically,
      secret: TEST_SECRET,
      clock: systemClock,
      ids: createIdSource(randomBytes(8).toString("hex")),
    }),
  );
  return {
    db: db.value,
    stores,
    async publish(session, token) {
      const request = { session_id: session, ...PUBLISH, approval: token, idempotency_key: session };
      const decision = await call(request);
      if (decision.kind !== "answered") throw new Error(decision.message);
      return decision.answer;
    },
    effects: (session) => readWorld(db.value, scope)?.effects["publish_report"]?.[session] ?? 0,
    close: () => db.value.close(),
  };
}

/** The answer as `status/code`, the way the evidence names it. */
export const answerName = (answer: CallAnswer): string => `${answer.status}/${"code" in answer ? answer.code : "none"}`;

/** A token for the call `answer` says is waiting, as the approving person would give. */
export function tokenFor(answer: CallAnswer): { readonly token: string; readonly nonce: string } {
  if (answer.status !== "approval_required") throw new Error(`no approval was asked: ${answerName(answer)}`);
  const pending: PendingApproval = answer.pending;
  return { token: approvePending(pending, answer.session_id, TEST_SECRET, Date.now()), nonce: pending.nonce };
}
