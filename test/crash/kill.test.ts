/**
 * Real crashes and real concurrency (contract rules 4–6), on every engine, with durable stores:
 * SQLite always, and Postgres when AGENT_HARNESS_PG_URL names a server (CI starts one).
 *
 * Crashes: a child process runs a scenario and is killed with SIGKILL at a kill point; a new
 * process resumes from what the disk kept; a third replays the old approval tokens and settles
 * an uncertain call. The fixture world is on disk too, so the side effects counted are the ones
 * that survived every kill.
 *
 * Concurrency: two processes run the same caller-supplied idempotency key over one shared ledger
 * and world. A barrier file holds both just before the ledger's `begin`, so they begin at the
 * same moment; the tool is slow, so the winner's call is still in flight when the other looks.
 * One more pair runs one after the other, for the replay across processes.
 *
 * The child script is compiled once (build.ts) and every process is started up front, a few at a
 * time; each `it` checks one case. The last test writes evidence/fault-crashes-v2.json.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { paced } from "../setup/pace.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pooled } from "../../cli/index.js";
import { BUILT_IN_ENGINE_IDS as ENGINE_IDS, loadEngine, type EngineId } from "../../engines/index.js";

/**
 * The engines killed mid-run: the built-in ones. A framework's variants are measured by the comparison's
 * crash columns (a process kill per engine and point is minutes of CI each).
 */
import { MEASURED_KINDS, NOT_MEASURED_REASON, freshStore, type StoreKind } from "../stores/targets.js";
import { compileChild } from "./build.js";
import { CHILD_SOURCE, ROOT, runChild, snapshot, total, type ChildOutcome, type DiskSnapshot } from "./harness.js";
import {
  SCENARIOS,
  type ChildLine,
  type ChildRequest,
  type KillPoint,
  type RunView,
  type Sabotage,
} from "./protocol.js";

const EVIDENCE = join(ROOT, "evidence/fault-crashes-v2.json");
/** The adapter's durable checkpointer, imported dynamically (the core never imports @langchain). */
const LANGGRAPH_DURABLE_MODULE = "../../langgraph-adapter/src/durable-checkpointer.js";
const LANGGRAPH_POSTGRES_MODULE = "../../langgraph-adapter/src/postgres-checkpointer.js";
const SESSION = "session-crash";
const SHARED_KEY = "shared-key-001";
/** Real latency of the world's executor calls in the concurrency runs (the tool's timeout is 1000 ms). */
const WORLD_LATENCY_MS = 300;
/** Child processes at a time; each langgraph child spends about a second loading the framework. */
const PARALLEL = 6;

type CrashCase = {
  readonly store: StoreKind;
  readonly engine: EngineId;
  readonly scenario: "save" | "publish";
  readonly point: KillPoint;
  readonly sabotage?: Sabotage;
};

const POINTS: Readonly<Record<CrashCase["scenario"], readonly KillPoint[]>> = {
  save: ["after_intent", "after_effect", "before_outcome", "after_outcome"],
  publish: ["awaiting_approval", "after_intent", "after_effect", "before_outcome", "after_outcome"],
};

const CRASH_CASES: readonly CrashCase[] = MEASURED_KINDS.flatMap((store) =>
  ENGINE_IDS.flatMap((engine) =>
    (["save", "publish"] as const).flatMap((scenario) =>
      POINTS[scenario].map((point) => ({ store, engine, scenario, point })),
    ),
  ),
);

/** The negative control: the same kill with the ledger's dispatched mark sabotaged must show a duplicate. */
const CONTROL: CrashCase = {
  store: "sqlite",
  engine: "handwritten",
  scenario: "publish",
  point: "after_effect",
  sabotage: "forget_dispatched",
};

type LedgerAtKill = "absent" | "in_flight" | "dispatched" | "completed" | "uncertain";

/** What the contract says each kill leaves on disk and what the resumed run does. */
type Expected = {
  readonly atKill: { readonly calls: number; readonly effects: number; readonly ledger: LedgerAtKill };
  /** Status of the resumed run, in the first new process. */
  readonly resumed: "done" | "reconcile_required";
  /** Executor calls in the world once everything is over: 2 only where an idempotent write ran again under its key. */
  readonly calls: number;
};

function expected(c: CrashCase): Expected {
  const landed = { calls: 1, effects: 1 };
  switch (c.point) {
    case "awaiting_approval":
      return { atKill: { calls: 0, effects: 0, ledger: "absent" }, resumed: "done", calls: 1 };
    case "after_intent":
      // The intent is on disk, the ledger entry not dispatched: rule 5 lets either risk class run (once).
      return { atKill: { calls: 0, effects: 0, ledger: "in_flight" }, resumed: "done", calls: 1 };
    case "after_effect":
    case "before_outcome":
      // Dispatched with no outcome: an idempotent write runs again under its key; a high-risk call is uncertain.
      return c.scenario === "save"
        ? { atKill: { ...landed, ledger: "dispatched" }, resumed: "done", calls: 2 }
        : { atKill: { ...landed, ledger: "dispatched" }, resumed: "reconcile_required", calls: 1 };
    case "after_outcome":
      // The outcome reached the ledger: the resumed run uses it and calls nothing.
      return { atKill: { ...landed, ledger: "completed" }, resumed: "done", calls: 1 };
  }
}

type CrashRecord = {
  readonly case: CrashCase;
  readonly first: ChildOutcome;
  readonly resumed: RunView;
  readonly afterResume: DiskSnapshot;
  readonly tokens: readonly string[];
  readonly refusals: readonly string[];
  readonly accepted: number;
  readonly resumedAgain: RunView | null;
  readonly final: RunView;
  readonly disk: DiskSnapshot;
};

const viewOf = (lines: readonly ChildLine[]) => {
  const line = lines.find((l): l is Extract<ChildLine, { type: "done" }> => l.type === "done");
  if (line === undefined) throw new Error("the child reported no result");
  return line.view;
};
const tokensOf = (lines: readonly ChildLine[]) => lines.flatMap((l) => (l.type === "token" ? [l.token] : []));

const scratch: string[] = [];
function freshDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `agent-harness-${label}-`));
  scratch.push(dir);
  return dir;
}

async function runCrashCase(c: CrashCase): Promise<CrashRecord> {
  const dir = freshDir(`crash-${c.store}-${c.engine}-${c.scenario}-${c.point}`);
  const { spec, scope } = freshStore(c.store, dir);
  const common = {
    engine: c.engine,
    dir,
    store: spec,
    scope,
    session: SESSION,
    scenario: c.scenario,
    ...(c.sabotage === undefined ? {} : { sabotage: c.sabotage }),
  };
  const first = await runChild(entry, {
    ...common,
    mode: "run",
    kill: c.point,
    approve: c.point !== "awaiting_approval",
  });
  const { sabotage: _none, ...clean } = common;
  const resume = await runChild(entry, { ...clean, mode: "resume" });
  const afterResume = snapshot(spec, scope);
  const tokens = [...tokensOf(first.lines), ...tokensOf(resume.lines)];
  let refusals: string[] = [];
  let accepted = 0;
  let resumedAgain: RunView | null = null;
  let final = viewOf(resume.lines);
  if (c.scenario === "publish") {
    const aftermath = await runChild(entry, { ...clean, mode: "aftermath", tokens } satisfies ChildRequest);
    refusals = aftermath.lines.flatMap((l) => (l.type === "token_refused" ? [l.code] : []));
    accepted = aftermath.lines.filter((l) => l.type === "token_accepted").length;
    resumedAgain =
      aftermath.lines.flatMap((l) => (l.type === "state" && l.label === "resumed_again" ? [l.view] : []))[0] ?? null;
    final = viewOf(aftermath.lines);
  }
  return {
    case: c,
    first,
    resumed: viewOf(resume.lines),
    afterResume,
    tokens,
    refusals,
    accepted,
    resumedAgain,
    final,
    disk: snapshot(spec, scope),
  };
}

/** Two processes on one shared directory: at once (a barrier before `begin`), or the second after the first finished. */
type Pair = {
  readonly store: StoreKind;
  readonly engines: readonly [EngineId, EngineId];
  readonly timing: "at_once" | "one_after_the_other";
};
const PAIRS: readonly Pair[] = MEASURED_KINDS.flatMap((store): Pair[] => [
  ...ENGINE_IDS.map((engine): Pair => ({ store, engines: [engine, engine], timing: "at_once" })),
  { store, engines: ["handwritten", "langgraph"], timing: "at_once" },
  { store, engines: ["local_state_graph", "langgraph"], timing: "at_once" },
  { store, engines: ["langgraph", "handwritten"], timing: "one_after_the_other" },
]);

type Contender = { readonly engine: EngineId; readonly session: string; readonly view: RunView };
type PairRecord = { readonly pair: Pair; readonly contenders: readonly Contender[]; readonly disk: DiskSnapshot };

async function runPair(pair: Pair): Promise<PairRecord> {
  const dir = freshDir(`concurrency-${pair.store}-${pair.engines.join("-")}`);
  const { spec, scope } = freshStore(pair.store, dir);
  const barrier = pair.timing === "at_once" ? join(dir, "barrier") : null;
  if (barrier !== null) mkdirSync(barrier);
  let waiting = 0;
  const contend = (engine: EngineId, i: number) =>
    runChild(
      entry,
      {
        mode: "concurrent",
        engine,
        dir,
        store: spec,
        scope,
        session: `session-${"AB"[i]}`,
        scenario: "shared_key",
        barrier,
        latencyMs: WORLD_LATENCY_MS,
      },
      {
        onLine: (line) => {
          // Both processes stand before `begin` with the same key: let them in together.
          if (barrier !== null && line.type === "at_begin" && ++waiting === pair.engines.length)
            writeFileSync(join(barrier, "go"), "");
        },
      },
    );
  const outcomes =
    pair.timing === "at_once"
      ? await Promise.all(pair.engines.map(contend))
      : [await contend(pair.engines[0], 0), await contend(pair.engines[1], 1)];
  return {
    pair,
    contenders: outcomes.map((o, i) => ({
      engine: pair.engines[i]!,
      session: `session-${"AB"[i]}`,
      view: viewOf(o.lines),
    })),
    disk: snapshot(spec, scope),
  };
}

/** Outcome of one run's call on the shared key: it executed, it met the call in flight, or it replayed the result. */
function outcomeOf(view: RunView): string {
  const message = view.tool_messages.find((m) => m.key === SHARED_KEY);
  if (message === undefined) return "no_call";
  if (message.status === "ok") return "executed";
  if (message.status === "conflict")
    return message.code === "key_in_flight" ? "call_conflicted" : `conflict:${message.code ?? "?"}`;
  if (message.status === "replayed") return "call_replayed";
  return message.status;
}

/** Side effects beyond the first, per tool and key. */
function duplicatesIn(disk: DiskSnapshot): number {
  return Object.values(disk.effects)
    .flatMap((byKey) => Object.values(byKey))
    .reduce((sum, n) => sum + Math.max(0, n - 1), 0);
}

/** Publishes that happened in a run whose trace never accepted an approval, or while it was still waiting for one. */
function unapprovedIn(r: CrashRecord): number {
  const published = total(r.disk.effects, "publish_report");
  const waitingEffects =
    r.case.point === "awaiting_approval" ? total(r.first.atKill?.effects ?? {}, "publish_report") : 0;
  return waitingEffects + (published > 0 && !r.final.trace_types.includes("approval_accepted") ? published : 0);
}

const ledgerAtKill = (r: CrashRecord): LedgerAtKill => {
  const entry = r.first.atKill?.ledger.find((e) => e.tool === SCENARIOS[r.case.scenario].tool);
  if (entry === undefined) return "absent";
  if (entry.state === "in_flight") return entry.dispatched ? "dispatched" : "in_flight";
  return entry.state;
};

let crashes: Promise<readonly (CrashRecord | Error)[]>;
let control: Promise<CrashRecord | Error>;
let pairs: Promise<readonly (PairRecord | Error)[]>;
const settle = <T>(run: () => Promise<T>): Promise<T | Error> =>
  run().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
const ok = <T>(value: T | Error): T => {
  if (value instanceof Error) throw value;
  return value;
};

let entry = CHILD_SOURCE;

beforeAll(async () => {
  const compiled = await compileChild(ROOT);
  scratch.push(compiled.dir);
  entry = compiled.entry;
  const all = pooled([...CRASH_CASES, CONTROL], PARALLEL, (c) => settle(() => runCrashCase(c)));
  crashes = all.then((results) => results.slice(0, CRASH_CASES.length));
  control = all.then((results) => results[CRASH_CASES.length]!);
  // The concurrency pairs run once the crash cases are done, so their timing sees a quiet machine.
  pairs = all.then(() => pooled(PAIRS, 2, (pair) => settle(() => runPair(pair))));
});

afterAll(async () => {
  // Every child has exited (or was killed) before the scratch directories go.
  await Promise.allSettled([crashes, control, pairs]);
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
}, paced(120_000));

// Generous: the first case waits for every child process, and CI shares two cores with the other suites.
const checked = (name: string, body: () => Promise<void>) => it(name, body, paced(600_000));

describe("the LangGraph adapter for real crashes", () => {
  checked("loads (CI installs it; the crash tests never pass without it)", async () => {
    const loaded = await loadEngine("langgraph");
    expect(loaded.ok ? "loaded" : loaded.error.reason).toBe("loaded");
  });
});

describe("SIGKILL at each injection point, then a new process resumes", () => {
  CRASH_CASES.forEach((c, i) => {
    const want = expected(c);
    checked(
      `${c.store}, ${c.engine}: ${SCENARIOS[c.scenario].tool} killed ${c.point.replaceAll("_", " ")} → ${want.resumed}, one side effect`,
      async () => {
        const r = ok((await crashes)[i]!);
        // The child really died of SIGKILL at that point, and the disk shows exactly that point.
        expect(r.first.killedAt).toBe(c.point);
        expect(r.first.signal).toBe("SIGKILL");
        const tool = SCENARIOS[c.scenario].tool;
        expect({
          calls: total(r.first.atKill!.calls, tool),
          effects: total(r.first.atKill!.effects, tool),
          ledger: ledgerAtKill(r),
        }).toEqual(want.atKill);

        // The new process: the contract's recovery for that point.
        expect(r.resumed.status).toBe(want.resumed);
        if (want.resumed === "reconcile_required") {
          expect(r.resumed.trace_types).toContain("tool_uncertain");
          expect(r.afterResume.ledger.map((e) => e.state)).toEqual(["uncertain"]);
        }
        if (c.point === "after_outcome") expect(r.resumed.trace_types).toContain("tool_succeeded");
        expect(total(r.afterResume.calls, tool)).toBe(want.calls);

        if (c.scenario === "publish") {
          // The approval survived the kill (nobody approved twice) and no token works a second time.
          expect(r.tokens).toHaveLength(1);
          expect(r.final.trace_types.filter((t) => t === "approval_accepted")).toHaveLength(1);
          expect(r.accepted).toBe(0);
          expect(r.refusals).toHaveLength(r.tokens.length);
          for (const code of r.refusals) expect(["approval_already_used", "approval_not_pending"]).toContain(code);
        }
        if (want.resumed === "reconcile_required") {
          // Resuming again retried nothing; only the operator's confirmation moved the run on, without the executor.
          expect(r.resumedAgain?.status).toBe("reconcile_required");
          expect(r.final.trace_types).toContain("tool_reconciled");
        }
        expect(r.final.status).toBe("done");
        expect(total(r.disk.calls, tool)).toBe(want.calls);
        expect(total(r.disk.effects, tool)).toBe(1);
        expect(duplicatesIn(r.disk)).toBe(0);
        expect(unapprovedIn(r)).toBe(0);
        expect(r.disk.ledger.map((e) => e.state)).toEqual(["completed"]);
      },
    );
  });

  checked("negative control: with the dispatched mark sabotaged, the same kill shows a duplicate publish", async () => {
    const r = ok(await control);
    expect(r.first.killedAt).toBe("after_effect");
    expect(r.resumed.status).toBe("done");
    expect(total(r.disk.effects, "publish_report")).toBe(2);
    expect(duplicatesIn(r.disk)).toBe(1);
  });
});

describe("two processes execute the same idempotency key", () => {
  PAIRS.forEach((pair, i) => {
    const other = pair.timing === "at_once" ? "meets the call in flight (or replays it)" : "replays the stored result";
    checked(
      `${pair.store}, ${pair.engines.join(" vs ")}, ${pair.timing.replaceAll("_", " ")}: exactly one side effect; the other run ${other}`,
      async () => {
        const r = ok((await pairs)[i]!);
        expect(r.disk.calls["save_artifact"]).toEqual({ [SHARED_KEY]: 1 });
        expect(r.disk.effects["save_artifact"]).toEqual({ [SHARED_KEY]: 1 });
        const outcomes = r.contenders.map((c) => outcomeOf(c.view)).sort();
        expect(outcomes.filter((o) => o === "executed")).toHaveLength(1);
        expect(
          outcomes.filter((o) => o !== "executed").every((o) => o === "call_conflicted" || o === "call_replayed"),
        ).toBe(true);
        const loser = r.contenders.find((c) => outcomeOf(c.view) !== "executed")!;
        expect(loser.view.trace_types).toContain(outcomeOf(loser.view));
        // After the winner, only the stored result (side by side, the contract allows either answer).
        if (pair.timing === "one_after_the_other") expect(outcomeOf(loser.view)).toBe("call_replayed");
        for (const c of r.contenders) expect(c.view.status).toBe("done");
        expect(r.disk.ledger.map((e) => e.state)).toEqual(["completed"]);
      },
    );
  });
});

describe("evidence", () => {
  checked(
    "writes evidence/fault-crashes-v2.json from this run (and fails if the committed copy was stale)",
    async () => {
      const crashRecords = (await crashes).map(ok);
      const pairRecords = (await pairs).map(ok);
      const sqlite = (await import(LANGGRAPH_DURABLE_MODULE)) as {
        SQLITE_CHECKPOINTER_VERSIONS: Readonly<Record<string, string>>;
      };
      const postgres = (await import(LANGGRAPH_POSTGRES_MODULE)) as {
        POSTGRES_CHECKPOINTER_VERSIONS: Readonly<Record<string, string>>;
      };
      const loaded = await loadEngine("langgraph");
      const versions = {
        "@langchain/langgraph": loaded.ok ? loaded.value.version : "not-loaded",
        ...sqlite.SQLITE_CHECKPOINTER_VERSIONS,
        ...postgres.POSTGRES_CHECKPOINTER_VERSIONS,
      };
      const report = evidenceOf(crashRecords, pairRecords, ok(await control), versions);
      const json = `${JSON.stringify(report, null, 2)}\n`;
      const before = existsSync(EVIDENCE) ? readFileSync(EVIDENCE, "utf8") : null;
      const complete = MEASURED_KINDS.length === STORE_KINDS.length;
      // A run without Postgres checks the SQLite half of the committed file and leaves the file alone.
      if (complete && before !== json) writeFileSync(EVIDENCE, json);
      for (const kind of MEASURED_KINDS) {
        const section = report.by_store[kind] as ReturnType<typeof storeSection>;
        expect(section.crash_runs).toBe(ENGINE_IDS.length * (POINTS.save.length + POINTS.publish.length));
        expect(section.duplicates_found).toBe(0);
        expect(section.unapproved_side_effects).toBe(0);
        expect(section.approval_tokens_reused).toBe(0);
        expect(section.concurrency.exactly_one_side_effect).toBe(PAIRS.length / MEASURED_KINDS.length);
      }
      const comparable = (text: string | null) =>
        text === null || complete
          ? text
          : JSON.stringify({
              ...JSON.parse(text),
              by_store: { ...JSON.parse(text).by_store, postgres: null },
              generated_with: null,
            });
      // A committed file that differs from this run is stale evidence: the rewrite above shows in git.
      expect(
        before === null || comparable(before) === comparable(json),
        "evidence/fault-crashes-v2.json was stale (rewritten when every store was measured); commit it",
      ).toBe(true);
    },
  );
});

const STORE_KINDS: readonly StoreKind[] = ["sqlite", "postgres"];

function evidenceOf(
  records: readonly CrashRecord[],
  pairRecords: readonly PairRecord[],
  controlRecord: CrashRecord,
  versions: Readonly<Record<string, string>>,
) {
  return {
    schema: "agent-harness.fault-crashes.v2",
    planner: "fixture",
    note: "Real process crashes (SIGKILL) and real concurrent processes over durable stores, on SQLite and on PostgreSQL. The planner is a FixtureModel playing scripted outputs: this proves the harness contract (rules 4–6), not planner quality.",
    command: "AGENT_HARNESS_PG_URL=… npx vitest run test/crash (.ci/postgres.sh starts a server)",
    stores: {
      sqlite:
        "durable/: one SQLite file in WAL mode, synchronous=FULL; ledger begin, world calls and log appends are BEGIN IMMEDIATE transactions",
      postgres:
        "durable/: the same stores on PostgreSQL through pg; ledger begin reads its row FOR UPDATE and inserts ON CONFLICT DO NOTHING",
      world:
        "durable/stores/world.ts: the fixture world as one row per scope, rewritten in the transaction of each executor call",
      langgraph:
        'langgraph-adapter: SqliteSaver (WAL, synchronous=FULL) beside a SQLite store, PostgresSaver (own schema per scope) beside a Postgres store; durability "sync"',
    },
    langgraph_versions: versions,
    kill_signal: "SIGKILL",
    engines: [...ENGINE_IDS],
    crash_points: { save_artifact: POINTS.save, publish_report: POINTS.publish },
    by_store: Object.fromEntries(
      STORE_KINDS.map((kind) => [
        kind,
        MEASURED_KINDS.includes(kind)
          ? storeSection(
              records.filter((r) => r.case.store === kind),
              pairRecords.filter((p) => p.pair.store === kind),
            )
          : { status: "not-measured", reason: NOT_MEASURED_REASON },
      ]),
    ),
    negative_control: {
      store: CONTROL.store,
      sabotage: "ledger.setDispatched dropped (handwritten, publish_report killed after the side effect)",
      resumed_status: controlRecord.resumed.status,
      side_effects: total(controlRecord.disk.effects, "publish_report"),
      duplicates_detected: duplicatesIn(controlRecord.disk),
    },
  };
}

function storeSection(records: readonly CrashRecord[], pairRecords: readonly PairRecord[]) {
  const outcomes = pairRecords.flatMap((p) => p.contenders.map((c) => outcomeOf(c.view)));
  const count = (o: string) => outcomes.filter((x) => x === o).length;
  return {
    status: "measured",
    crash_runs: records.length,
    duplicates_found: records.reduce((sum, r) => sum + duplicatesIn(r.disk), 0),
    unapproved_side_effects: records.reduce((sum, r) => sum + unapprovedIn(r), 0),
    approval_tokens_reused: records.reduce((sum, r) => sum + r.accepted, 0),
    approval_tokens_refused: records.reduce((sum, r) => sum + r.refusals.length, 0),
    uncertain_outcomes: records.filter((r) => r.resumed.status === "reconcile_required").length,
    crashes: records.map((r) => ({
      engine: r.case.engine,
      tool: SCENARIOS[r.case.scenario].tool,
      point: r.case.point,
      killed_at: r.first.killedAt,
      at_kill: {
        ledger: ledgerAtKill(r),
        side_effects: total(r.first.atKill?.effects ?? {}, SCENARIOS[r.case.scenario].tool),
      },
      resumed_status: r.resumed.status,
      resumed_trace: r.resumed.trace_types,
      replayed_tokens_refused_with: r.refusals,
      final_status: r.final.status,
      executor_calls: total(r.disk.calls, SCENARIOS[r.case.scenario].tool),
      side_effects: total(r.disk.effects, SCENARIOS[r.case.scenario].tool),
    })),
    concurrency: {
      key: SHARED_KEY,
      world_latency_ms: WORLD_LATENCY_MS,
      barrier:
        "both processes wait just before the ledger's begin until the parent creates the barrier file (one_after_the_other: the second starts after the first exited)",
      runs: pairRecords.length,
      exactly_one_side_effect: pairRecords.filter(
        (p) => total(p.disk.effects, "save_artifact") === 1 && total(p.disk.calls, "save_artifact") === 1,
      ).length,
      outcomes: {
        executed: count("executed"),
        call_conflicted: count("call_conflicted"),
        call_replayed: count("call_replayed"),
      },
      pairs: pairRecords.map((p) => ({
        engines: p.pair.engines,
        timing: p.pair.timing,
        // Sorted: which process wins the race is not part of the evidence.
        outcomes: p.contenders.map((c) => outcomeOf(c.view)).sort(),
        executor_calls: total(p.disk.calls, "save_artifact"),
        side_effects: total(p.disk.effects, "save_artifact"),
      })),
    },
  };
}
