/**
 * TEST SUPPORT. MCP server processes on one durable store racing one approval (issue 24): a first
 * server asks for approval of a `publish_report` (high risk: every executor call publishes again),
 * and then every server is sent the same token for it at once, round after round. The store itself
 * says what came of each round: the world's publishes under the round's key, whether the nonce is
 * spent, and the session's last checkpoint. test/stores/faults/concurrency-cases.ts judges it.
 */
import { mintLetterId } from "../../mcp/session-id.js";
import { approvePending, type PendingApproval } from "../../contract/index.js";
import { openDatabase, parseStoreSpec, readWorld, storesIn } from "../../durable/index.js";
import { MCP_STORE_SCOPE } from "../../mcp/server-start.js";
import type { Observed } from "./parity.js";
import { spawnServer, TEST_SECRET, type SpawnedServer } from "./stdio-server.js";

export type ApprovalRaceRound = {
  /** Each server's answer, as `status/code`. */
  readonly answers: readonly string[];
  /** Publishes under the round's key, counted by the world in the store. */
  readonly effects: number;
  readonly nonce_spent: boolean;
  /** The status of the session's last checkpoint. */
  readonly last_status: string | null;
};

const body = (observed: Observed) => (observed.kind === "result" ? observed.body : {});
const answerOf = (observed: Observed) =>
  observed.kind === "result"
    ? `${String(body(observed)["status"])}/${String(body(observed)["code"] ?? "none")}`
    : `protocol_error/${observed.code}`;

/** Starts `servers` stdio servers on `store` (a `--store` value), runs `rounds` races, and stops them. */
export async function raceOneApproval(store: string, servers: number, rounds: number): Promise<ApprovalRaceRound[]> {
  const starts = await Promise.allSettled(
    Array.from({ length: servers }, () => spawnServer("2025-11-25", ["--store", store])),
  );
  const started = starts.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const refused = starts.find((s) => s.status === "rejected");
  if (refused !== undefined) {
    // The servers that did start are stopped, and their folders removed, before the failure is said.
    await Promise.all(started.map((server) => server.close()));
    throw refused.reason;
  }
  try {
    // Letters alone: a hex run id named sessions the identifier check refused as contact data (a phone number).
    const run = mintLetterId(8);
    const results: ApprovalRaceRound[] = [];
    for (let round = 0; round < rounds; round += 1)
      results.push(await raceRound(store, started, `race-${run}-${round}`));
    return results;
  } finally {
    await Promise.all(started.map((server) => server.close()));
  }
}

async function raceRound(
  store: string,
  servers: readonly SpawnedServer[],
  session: string,
): Promise<ApprovalRaceRound> {
  const publish = { name: "publish_report", arguments: { artifact: "art_q3", audience: "team" } };
  const meta = (extra: Record<string, unknown> = {}) => ({
    "agent-harness/session": session,
    "agent-harness/idempotency-key": session,
    ...extra,
  });
  const asked = await servers[0]!.call({ ...publish, _meta: meta() });
  const pending = body(asked)["pending"] as PendingApproval | undefined;
  if (pending === undefined) throw new Error(`${session}: no approval was asked: ${answerOf(asked)}`);
  const token = approvePending(pending, session, TEST_SECRET, Date.now());
  const answers = await Promise.all(
    servers.map((server) => server.call({ ...publish, _meta: meta({ "agent-harness/approval": token }) })),
  );
  return { answers: answers.map(answerOf), ...storeSays(store, session, pending.nonce) };
}

function storeSays(store: string, session: string, nonce: string) {
  const spec = parseStoreSpec(store);
  if (!spec.ok || spec.value.kind === "memory") throw new Error(`not a durable store: ${store}`);
  const db = openDatabase(spec.value);
  if (!db.ok) throw db.error;
  try {
    const stores = storesIn(db.value, MCP_STORE_SCOPE, TEST_SECRET);
    const world = readWorld(db.value, MCP_STORE_SCOPE);
    return {
      effects: world?.effects["publish_report"]?.[session] ?? 0,
      nonce_spent: stores.nonces.has(nonce),
      last_status: stores.checkpoints.latest(session)?.state.status ?? null,
    };
  } finally {
    db.value.close();
  }
}
