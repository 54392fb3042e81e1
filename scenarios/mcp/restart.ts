/**
 * TEST SUPPORT. The MCP server killed and restarted between an approval and its replay, on one
 * durable store (issue 16, item 5): a server approves a publish and saves under a key and is
 * killed (SIGKILL), a new server process on the same store is sent the used token and the completed key again, and then
 * the session's checkpoints are rewound to the moment the approval was asked (a store restored
 * from an older copy) and a third server is sent the token once more. The fixture world's own
 * counts, in the same store, say whether anything ran twice. mcp/restart.test.ts asserts on the
 * record; test/stores/race.test.ts writes it into evidence/fault-stores-v1.json.
 */
import { mintLetterId } from "../../mcp/session-id.js";
import { approvePending, type PendingApproval } from "../../contract/index.js";
import { openDatabase, parseStoreSpec, storesIn } from "../../durable/index.js";
import { MCP_STORE_SCOPE, type WorldCounts } from "../../mcp/server-start.js";
import type { Observed } from "./parity.js";
import { spawnServer, TEST_SECRET, type SpawnedServer } from "./stdio-server.js";

export type McpRestartRecord = {
  readonly approved_before_restart: unknown;
  readonly used_token_after_restart: { readonly status: unknown; readonly code: unknown };
  readonly completed_key_after_restart: { readonly status: unknown; readonly same_output: boolean };
  /** The session's status in the checkpoint it was rewound to (the approval was being asked). */
  readonly rewound_to: string | null;
  readonly used_token_after_rewind: { readonly status: unknown; readonly code: unknown };
  /** Side effects of the first server (a publish and a save). */
  readonly side_effects_before_restart: number;
  /** Executor calls and side effects of the restarted servers: a duplicate would show here. */
  readonly executor_calls_after_restart: number;
  readonly duplicate_side_effects: number;
};

/** What every durable store must show, written out by hand: the tests compare a run's record with it. */
export const RESTART_HOLDS: McpRestartRecord = {
  approved_before_restart: "ok",
  used_token_after_restart: { status: "approval_refused", code: "approval_already_used" },
  completed_key_after_restart: { status: "replayed", same_output: true },
  rewound_to: "approval_required",
  used_token_after_rewind: { status: "approval_refused", code: "approval_already_used" },
  // The publish and the save, once each; the world is in the same store: nothing ran again.
  side_effects_before_restart: 2,
  executor_calls_after_restart: 0,
  duplicate_side_effects: 0,
};

const body = (observed: Observed) => (observed.kind === "result" ? observed.body : {});
const refusal = (observed: Observed) => ({ status: body(observed)["status"], code: body(observed)["code"] });

/** Starts one server with extra flags; by default the v2 SDK client over stdio (host-clients.ts has the others). */
export type RestartSpawner = (
  args: readonly string[],
) => Promise<Pick<SpawnedServer, "call" | "world" | "kill" | "close">>;

/** Runs the three servers on `store` (a `--store` value naming a SQLite file or a Postgres URL). */
export async function restartBetweenApprovalAndReplay(
  store: string,
  spawn: RestartSpawner = (args) => spawnServer("2025-11-25", args),
): Promise<McpRestartRecord> {
  // A run of its own in a shared database: fresh session and key, counts taken as differences.
  // Letters alone: a hex run id named sessions the identifier check refused as contact data (a phone number).
  const run = mintLetterId(8);
  // Over HTTP the first answer hands out the session's owner credential; every later call sends it back.
  let owner: Record<string, string> = {};
  const meta = (extra: Record<string, unknown> = {}) => ({
    "agent-harness/session": `restart-${run}`,
    ...owner,
    ...extra,
  });
  const publish = { name: "publish_report", arguments: { artifact: "art_q3", audience: "team" } };
  const save = { name: "save_artifact", arguments: { name: "fit.json", content: "slope=3" } };
  const args = ["--store", store];

  const first = await spawn(args);
  const start = first.world();
  // The publish under a key of this run too, so the world's counts can be read for this run alone.
  const publishKey = { "agent-harness/idempotency-key": `publish-${run}` };
  const waiting = await first.call({ ...publish, _meta: meta(publishKey) });
  const pending = body(waiting)["pending"];
  if (typeof pending !== "object" || pending === null) {
    await first.kill();
    throw new Error(`the first publish did not wait for approval; the server answered ${JSON.stringify(waiting)}`);
  }
  if (waiting.kind === "result" && waiting.owner !== undefined) owner = { "agent-harness/owner": waiting.owner };
  const keyed = { ...save, _meta: meta({ "agent-harness/idempotency-key": `save-${run}` }) };
  const asked = checkpointCount(store, `restart-${run}`);
  const token = approvePending(pending as PendingApproval, `restart-${run}`, TEST_SECRET, Date.now());
  const withToken = { ...publish, _meta: meta({ ...publishKey, "agent-harness/approval": token }) };
  const approved = await first.call(withToken);
  const saved = await first.call(keyed);
  const beforeRestart = first.world();
  await first.kill();

  const second = await spawn(args);
  const usedToken = await second.call(withToken);
  const replayedKey = await second.call(keyed);
  await second.kill();

  const rewoundTo = rewindCheckpoints(store, `restart-${run}`, asked);
  const third = await spawn(args);
  const afterRewind = await third.call(withToken);
  const end = third.world();
  await third.close();

  return {
    approved_before_restart: body(approved)["status"],
    used_token_after_restart: refusal(usedToken),
    completed_key_after_restart: {
      status: body(replayedKey)["status"],
      same_output: JSON.stringify(body(replayedKey)["output"]) === JSON.stringify(body(saved)["output"]),
    },
    rewound_to: rewoundTo,
    used_token_after_rewind: refusal(afterRewind),
    side_effects_before_restart: ofRun(beforeRestart.effects, run) - ofRun(start.effects, run),
    executor_calls_after_restart: ofRun(end.calls, run) - ofRun(beforeRestart.calls, run),
    duplicate_side_effects: ofRun(end.effects, run) - ofRun(beforeRestart.effects, run),
  };
}

/**
 * The counts under this run's keys alone (each names its session or is its key): other runs write to the same
 * world of a shared database at the same time (the MCP corpus on Postgres), so totals would count their calls.
 */
function ofRun(counts: WorldCounts["calls"], run: string): number {
  let sum = 0;
  for (const byKey of Object.values(counts))
    for (const [key, n] of Object.entries(byKey)) if (key.includes(run)) sum += n;
  return sum;
}

/** Opens the server's store from the test process (the server is stopped or only reading). */
function withStores<T>(store: string, use: (stores: ReturnType<typeof storesIn>, sql: SqlRun) => T): T {
  const spec = parseStoreSpec(store);
  if (!spec.ok || spec.value.kind === "memory") throw new Error(`not a durable store: ${store}`);
  const db = openDatabase(spec.value);
  if (!db.ok) throw db.error;
  try {
    return use(storesIn(db.value, MCP_STORE_SCOPE, TEST_SECRET), (text, params) => void db.value.query(text, params));
  } finally {
    db.value.close();
  }
}

type SqlRun = (text: string, params: readonly (string | number)[]) => void;

export function checkpointCount(store: string, session: string): number {
  return withStores(store, (stores) => stores.checkpoints.list(session).length);
}

/** Drops the session's checkpoints after the first `keep`, as a restore from an older copy would; the status left. */
export function rewindCheckpoints(store: string, session: string, keep: number): string | null {
  return withStores(store, (stores, sql) => {
    sql("DELETE FROM log_records WHERE scope = ? AND log = 'checkpoints' AND stream = ? AND n > ?", [
      MCP_STORE_SCOPE,
      session,
      keep,
    ]);
    return stores.checkpoints.latest(session)?.state.status ?? null;
  });
}
