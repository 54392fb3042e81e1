/**
 * What the row cases share: a publish run on a fresh durable store, the raw SQL a person with
 * write access to the database would type, and the one judgement of what came of it (a typed
 * error, a correct run, a silent change or a raw error).
 */
import {
  approvePending,
  isCheckpointTamperedError,
  type AgentState,
  type PendingApproval,
} from "../../../contract/index.js";
import { createDurableEnvironment, isStoreError, type DurableEnvironment } from "../../../durable/index.js";
import { finalAnswer, toolCall } from "../../../handwritten/fixtures/index.js";
import { localGraphFactory } from "../../../local-graph/agent/index.js";
import { EngineUsageError, type Engine, type EngineResult } from "../../../runtime/index.js";
import { handwrittenFactory, SESSION_ID } from "../../../scenarios/index.js";
import { freshStore, type StoreKind } from "../targets.js";
import type { StoreFaultCase, StoreFaultResult } from "./case.js";

export const PUBLISH_SCRIPT = [
  toolCall("publish_report", { artifact: "art_weekly", audience: "team" }),
  finalAnswer("published"),
];

export type RowEngine = "handwritten" | "local_state_graph";

export type Bench = {
  readonly env: DurableEnvironment;
  readonly engine: Engine;
  readonly scope: string;
  /** Another process over the same database and scope, as a restart opens it. */
  restart(): Engine;
  sql(text: string, params?: readonly (string | number | null)[]): readonly Record<string, unknown>[];
  effects(): number;
};

/** A fresh store of `kind` with the publish script, and an engine over it. */
export function openBench(kind: StoreKind, dir: string, engine: RowEngine = "handwritten", scope?: string): Bench {
  const fresh = freshStore(kind, dir);
  const env = createDurableEnvironment({ script: PUBLISH_SCRIPT, store: fresh.spec, scope: scope ?? fresh.scope });
  const factory = engine === "handwritten" ? handwrittenFactory : localGraphFactory;
  return {
    env,
    engine: factory.create(env),
    scope: scope ?? fresh.scope,
    restart: () => factory.create(env),
    sql: (text, params = []) => env.db.query(text, params).rows,
    effects: () => env.world.totalEffects("publish_report"),
  };
}

/** Starts the session; it waits for approval of the publish. */
export async function toApproval(bench: Bench): Promise<PendingApproval> {
  const waiting = await bench.engine.start(SESSION_ID, "publish the weekly report");
  if (!waiting.ok || waiting.value.status !== "approval_required") throw new Error("the run did not ask for approval");
  return waiting.value.pending_approval;
}

export const tokenFor = (bench: Bench, pending: PendingApproval) =>
  approvePending(pending, SESSION_ID, bench.env.secret, bench.env.clock.now());

/** The publish approved and run to the end: one report published. */
export async function publishedRun(bench: Bench): Promise<PendingApproval> {
  const pending = await toApproval(bench);
  const done = await bench.engine.submitApproval(SESSION_ID, { kind: "token", token: tokenFor(bench, pending) });
  if (!done.ok || done.value.status !== "done" || bench.effects() !== 1)
    throw new Error("the publish did not run once");
  return pending;
}

/** The rows of one log stream of the bench's scope, oldest first. */
export function logRows(bench: Bench, log: string, stream = SESSION_ID) {
  return bench.sql("SELECT n, body, seal FROM log_records WHERE scope = ? AND log = ? AND stream = ? ORDER BY n", [
    bench.scope,
    log,
    stream,
  ]) as readonly { n: number | string; body: string; seal: string }[];
}

export function putLogRow(bench: Bench, log: string, n: number, body: string, seal: string, stream = SESSION_ID) {
  bench.sql("DELETE FROM log_records WHERE scope = ? AND log = ? AND stream = ? AND n = ?", [
    bench.scope,
    log,
    stream,
    n,
  ]);
  bench.sql("INSERT INTO log_records (scope, log, stream, n, body, seal) VALUES (?, ?, ?, ?, ?, ?)", [
    bench.scope,
    log,
    stream,
    n,
    body,
    seal,
  ]);
}

/** Edits a JSON body as text, keeping its shape, so only a seal can tell. */
export function editJson(body: string, edit: (record: Record<string, unknown>) => void): string {
  const record = JSON.parse(body) as Record<string, unknown>;
  edit(record);
  return JSON.stringify(record);
}

/** A verdict on a run that ended without an error: whether it is the correct run, and what was seen. */
export type Verdict = { readonly correct: boolean; readonly detail: string };

/**
 * Runs `act` and judges it: an engine's typed refusal or a store's typed error is `typed_error`;
 * an answer is judged by `judge`; anything else thrown is a `raw_error`.
 */
export async function observe<T>(
  act: () => Promise<EngineResult<T> | T> | EngineResult<T> | T,
  judge: (value: T) => Verdict,
): Promise<StoreFaultResult> {
  try {
    const answered = await act();
    if (isEngineResult<T>(answered)) {
      if (!answered.ok) return { outcome: "typed_error", code: answered.error.code, detail: answered.error.message };
      return judged(judge(answered.value));
    }
    return judged(judge(answered));
  } catch (error) {
    if (isStoreError(error)) return { outcome: "typed_error", code: error.code, detail: error.message };
    if (isCheckpointTamperedError(error)) return { outcome: "typed_error", code: error.code, detail: error.message };
    if (error instanceof EngineUsageError) return { outcome: "typed_error", code: error.code, detail: error.message };
    return { outcome: "raw_error", detail: String(error) };
  }
}

const judged = ({ correct, detail }: Verdict): StoreFaultResult => ({
  outcome: correct ? "correct_run" : "silent_change",
  detail,
});

function isEngineResult<T>(value: unknown): value is EngineResult<T> {
  return typeof value === "object" && value !== null && "ok" in value && ("value" in value || "error" in value);
}

/** The run stopped for a person (reconcile_required), having published no second time. */
export const stoppedForReconcile =
  (bench: Bench) =>
  (state: AgentState): Verdict => ({
    correct: state.status === "reconcile_required" && bench.effects() === 1,
    detail: `status ${state.status}, ${bench.effects()} report(s) published`,
  });

/** Whatever the run did, it published no second time and did not end done on a forged entry. */
export const publishedOnce =
  (bench: Bench) =>
  (state: AgentState | undefined): Verdict => ({
    correct: bench.effects() === 1,
    detail: `status ${state?.status ?? "none"}, ${bench.effects()} report(s) published`,
  });

/** A row case on a fresh bench of `engine`, closed afterwards whatever happened. */
export const rowCase = (
  id: string,
  expect: string,
  run: (bench: Bench, kind: StoreKind, dir: string) => Promise<StoreFaultResult>,
  engine: RowEngine = "handwritten",
): StoreFaultCase => ({
  id: `rows/${id}`,
  group: "rows",
  kinds: ["sqlite", "postgres"],
  expect,
  async run(kind, dir) {
    const bench = openBench(kind, dir, engine);
    try {
      return await run(bench, kind, dir);
    } finally {
      bench.env.db.close();
    }
  },
});
