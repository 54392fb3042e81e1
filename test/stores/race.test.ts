/**
 * Many processes, one database: 8 worker processes race on the same 100 keys, on SQLite and on
 * Postgres, and one race runs while the Postgres server is restarted under it. The world counts
 * executor calls and side effects per key on the database itself, so a duplicate or a lost call
 * shows. The MCP server is also killed and restarted between an approval and its replay, on each
 * store (scenarios/mcp/restart.ts). Writes evidence/fault-stores-v1.json.
 */
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { FIXTURE_SECRET } from "../../handwritten/fixtures/environment.js";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, readWorld, storesIn, type SqlSpec } from "../../durable/index.js";
import { emptyWorldData } from "../../handwritten/fixtures/index.js";
import { restartBetweenApprovalAndReplay, RESTART_HOLDS, type McpRestartRecord } from "../../scenarios/mcp/restart.js";
import { ROOT } from "../crash/harness.js";
import { raceChildren } from "./race-barrier.js";
import type { RaceLine, RaceRequest, RaceTally } from "./race-child.js";
import { freshStore, MEASURED_KINDS, NOT_MEASURED_REASON, type StoreKind } from "./targets.js";

const CHILD = join(ROOT, "test/stores/race-child.ts");
const EVIDENCE = join(ROOT, "evidence/fault-stores-v1.json");
const WORKERS = 8;
const KEYS = 100;
const RACE_LATENCY_MS = 2;
/**
 * Slower calls in the restart race (each worker wins about 12 keys: over a second of calls), and a
 * restart soon after the start, so that it lands while calls are in flight on a fast machine too.
 */
const RESTART_LATENCY_MS = 100;
const RESTART_AFTER_MS = 300;
/**
 * The restart race gets a server of its own from `.ci/postgres.sh`: restarting the shared test
 * server would break every other suite running on it at the same moment.
 */
const PG_BINARIES = existsSync("/usr/lib/postgresql") && readdirSync("/usr/lib/postgresql").length > 0;

const scratch = mkdtempSync(join(tmpdir(), "agent-harness-race-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type KeyCount = { readonly calls: number; readonly effects: number; readonly ledger: string };
type RaceRecord = { readonly tallies: readonly RaceTally[]; readonly keys: readonly KeyCount[] };

function countKeys(spec: SqlSpec, scope: string): KeyCount[] {
  const db = openDatabase(spec);
  if (!db.ok) throw db.error;
  try {
    const world = readWorld(db.value, scope) ?? emptyWorldData();
    const ledger = new Map(
      storesIn(db.value, scope, FIXTURE_SECRET)
        .ledger.entries()
        .map((e) => [e.key, e.state]),
    );
    return Array.from({ length: KEYS }, (_, i) => ({
      calls: world.calls["publish_report"]?.[`k${i}`] ?? 0,
      effects: world.effects["publish_report"]?.[`k${i}`] ?? 0,
      ledger: ledger.get(`k${i}`) ?? "absent",
    }));
  } finally {
    db.value.close();
  }
}

async function race(
  kind: StoreKind,
  latencyMs: number,
  whileRacing?: () => void,
  server?: string,
): Promise<RaceRecord> {
  const dir = mkdtempSync(join(scratch, `${kind}-`));
  const { spec, scope } =
    server === undefined
      ? freshStore(kind, dir)
      : { spec: { kind: "postgres", url: server } as const, scope: "restart" };
  const lines = await raceChildren<RaceRequest, RaceLine, "tally">(
    dir,
    {
      child: CHILD,
      count: WORKERS,
      label: `race ${kind}`,
      request: (w, barrier) => ({
        store: spec,
        scope,
        worker: `w${w}`,
        keys: KEYS,
        barrier,
        latencyMs,
        retryForMs: paced(30_000),
      }),
      ...(whileRacing === undefined ? {} : { onGo: () => void setTimeout(whileRacing, RESTART_AFTER_MS) }),
    },
    "tally",
  );
  const tallies = lines.map((line) => line.tally);
  return { tallies, keys: countKeys(spec, scope) };
}

const sum = (tallies: readonly RaceTally[], field: keyof RaceTally) => tallies.reduce((n, t) => n + t[field], 0);

function summary(record: RaceRecord) {
  const { keys, tallies } = record;
  return {
    workers: WORKERS,
    keys: KEYS,
    keys_with_exactly_one_side_effect: keys.filter((k) => k.effects === 1).length,
    duplicates: keys.reduce((n, k) => n + Math.max(0, k.effects - 1), 0),
    // Lost: a key the ledger forgot, or one it holds as completed with nothing in the world.
    lost: keys.filter((k) => k.ledger === "absent" || (k.ledger === "completed" && k.effects === 0)).length,
    max_executor_calls_per_key: Math.max(...keys.map((k) => k.calls)),
    ledger: {
      completed: keys.filter((k) => k.ledger === "completed").length,
      uncertain: keys.filter((k) => k.ledger === "uncertain").length,
    },
    answers: {
      executed: sum(tallies, "executed"),
      replayed: sum(tallies, "replayed"),
      conflicted: sum(tallies, "conflicted"),
      uncertain: sum(tallies, "uncertain"),
      failed: sum(tallies, "failed"),
    },
    store_errors_retried: sum(tallies, "store_errors"),
  };
}

const races = new Map<StoreKind, ReturnType<typeof summary>>();
let restart: ReturnType<typeof summary> | null = null;

describe(`${WORKERS} worker processes race on the same ${KEYS} keys`, () => {
  for (const kind of MEASURED_KINDS) {
    it(
      `${kind}: exactly one side effect per key, 0 lost, 0 duplicates`,
      async () => {
        const result = summary(await race(kind, RACE_LATENCY_MS));
        // One comparison of every count, so a failure shows them all (one failed under a full-suite load).
        expect({
          keys_with_exactly_one_side_effect: result.keys_with_exactly_one_side_effect,
          max_executor_calls_per_key: result.max_executor_calls_per_key,
          duplicates: result.duplicates,
          lost: result.lost,
          completed: result.ledger.completed,
          executed: result.answers.executed,
          answered: result.answers.executed + result.answers.replayed + result.answers.conflicted,
          answers: result.answers,
        }).toEqual({
          keys_with_exactly_one_side_effect: KEYS,
          max_executor_calls_per_key: 1,
          duplicates: 0,
          lost: 0,
          completed: KEYS,
          executed: KEYS,
          answered: WORKERS * KEYS,
          answers: result.answers,
        });
        // Only a result that holds becomes evidence.
        races.set(kind, result);
      },
      paced(180_000),
    );
  }
});

describe("the Postgres server restarts in the middle of a race", () => {
  if (PG_BINARIES) {
    it(
      "calls in flight end uncertain or retry under their key; none runs twice",
      async () => {
        const cluster = join(mkdtempSync(join(tmpdir(), "agent-harness-pg-restart-")), "pg");
        chmodSync(dirname(cluster), 0o755);
        const script = join(ROOT, ".ci/postgres.sh");
        let record: RaceRecord;
        try {
          const url = execFileSync(script, ["start", cluster], { encoding: "utf8" }).trim();
          record = await race(
            "postgres",
            RESTART_LATENCY_MS,
            () => execFileSync(script, ["restart", cluster], { stdio: "inherit" }),
            url,
          );
        } finally {
          // Stopping a cluster that never started fails: the folder goes either way.
          if (existsSync(join(cluster, "data"))) execFileSync(script, ["stop", cluster], { stdio: "inherit" });
          rmSync(dirname(cluster), { recursive: true, force: true });
        }
        const result = summary(record);
        // Every count in one comparison, with the first lost keys: a failure must say what was lost.
        const lostKeys = record.keys
          .map((k, i) => ({ key: `k${i}`, ...k }))
          .filter((k) => k.ledger === "absent" || (k.ledger === "completed" && k.effects === 0))
          .slice(0, 5);
        expect({
          retried: result.store_errors_retried > 0,
          duplicates: result.duplicates,
          at_most_one_call: result.max_executor_calls_per_key <= 1,
          lost: result.lost,
          settled: result.ledger.completed + result.ledger.uncertain,
          lostKeys,
          result,
        }).toEqual({
          retried: true,
          duplicates: 0,
          at_most_one_call: true,
          lost: 0,
          settled: KEYS,
          lostKeys: [],
          result,
        });
        restart = result;
      },
      paced(180_000),
    );
  } else {
    it("postgres restart: not measured: no PostgreSQL binaries under /usr/lib/postgresql (.ci/run installs them)", () => {
      if (process.env["CI"] === "true") throw new Error("CI must measure the Postgres restart");
      console.warn("[not measured] postgres restart mid-run");
    });
  }
});

const mcpRestarts = new Map<StoreKind, McpRestartRecord>();

describe("the MCP server restarts between an approval and its replay", () => {
  for (const kind of MEASURED_KINDS) {
    it(
      `${kind}: the used token is refused (after a rewind too), the completed key replays, nothing runs twice`,
      async () => {
        const { spec } = freshStore(kind, mkdtempSync(join(scratch, "mcp-")));
        const record = await restartBetweenApprovalAndReplay(spec.kind === "sqlite" ? `sqlite:${spec.path}` : spec.url);
        expect(record).toEqual(RESTART_HOLDS);
        mcpRestarts.set(kind, record);
      },
      paced(120_000),
    );
  }
});

describe("evidence", () => {
  it("writes evidence/fault-stores-v1.json (and fails if the committed copy was stale)", () => {
    const complete = MEASURED_KINDS.length === 2 && restart !== null && mcpRestarts.size === 2;
    const notMeasured = { status: "not-measured", reason: NOT_MEASURED_REASON };
    const report = {
      schema: "agent-harness.fault-stores.v1",
      planner: "none: workers call the contract's beginCall and executeIntent directly",
      command: "AGENT_HARNESS_PG_URL=… npx vitest run test/stores/race.test.ts",
      tool: "publish_report (high risk: every executor call publishes again)",
      race: {
        sqlite: races.get("sqlite") ?? notMeasured,
        postgres: races.get("postgres") ?? notMeasured,
      },
      postgres_restart: {
        how: `.ci/postgres.sh restart (pg_ctl stop -m immediate, then start) ${RESTART_AFTER_MS} ms after the barrier opened`,
        result: restart ?? notMeasured,
      },
      crash_matrix: "evidence/fault-crashes-v2.json (by_store.sqlite and by_store.postgres, written by test/crash)",
      mcp_restart: {
        how: [
          "scenarios/mcp/restart.ts: stdio server processes on one --store, one after another.",
          "The first approves a publish_report and saves under an idempotency key, then gets SIGKILL;",
          "a second is sent the used token and the key again (SIGKILL too); then the session's checkpoints are",
          "rewound to the one asking for approval (a restored older copy) and a third is sent the token.",
        ].join(" "),
        sqlite: mcpRestarts.get("sqlite") ?? notMeasured,
        postgres: mcpRestarts.get("postgres") ?? notMeasured,
      },
    };
    // Counts that depend on scheduling (who won which key) are left out of the comparison.
    const stable = (value: unknown) =>
      JSON.stringify(value, (key, v: unknown) =>
        [
          "answers",
          "store_errors_retried",
          "ledger",
          "max_executor_calls_per_key",
          "keys_with_exactly_one_side_effect",
        ].includes(key) && typeof v !== "string"
          ? "varies"
          : v,
      );
    const json = `${JSON.stringify(report, null, 2)}\n`;
    const before = existsSync(EVIDENCE) ? readFileSync(EVIDENCE, "utf8") : null;
    if (complete && (before === null || stable(JSON.parse(before)) !== stable(report))) writeFileSync(EVIDENCE, json);
    expect(Object.values(report.race).every((r) => !("duplicates" in r) || (r.duplicates === 0 && r.lost === 0))).toBe(
      true,
    );
    // The committed row holds on both stores, whatever this run could measure.
    const committed = JSON.parse(readFileSync(EVIDENCE, "utf8")) as { mcp_restart: Record<string, unknown> };
    expect(committed.mcp_restart["sqlite"]).toEqual(RESTART_HOLDS);
    expect(committed.mcp_restart["postgres"]).toEqual(RESTART_HOLDS);
    if (!complete) return;
    expect(
      before === null || stable(JSON.parse(before)) === stable(report),
      "fault-stores-v1.json was stale and has been rewritten; commit it",
    ).toBe(true);
  });
});
