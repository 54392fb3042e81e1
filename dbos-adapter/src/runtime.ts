/**
 * DBOS in this process, as its docs set it up (https://docs.dbos.dev/typescript/programming-guide,
 * @dbos-inc/dbos-sdk 5.3.0): workflows registered before `DBOS.launch()`, one system database
 * (the Postgres URL the harness is given) and a schema of its own per run, so runs never see each
 * other; no Conductor, no OTLP, no admin server. DBOS is one runtime per process: an engine context
 * is named by a key (the prefix of its workflow ids) under which a workflow finds its tools again,
 * in this process or in the one that recovers it. `stops` is how an engine call learns that its
 * workflow now waits, ended or died: the workflow tells it, by workflow id.
 */
import { randomUUID } from "node:crypto";
import { DBOS } from "@dbos-inc/dbos-sdk";
import { isProcessCrash } from "../../contract/index.js";
import { defineSlot, type EngineContext } from "../../runtime/index.js";
import "./versions.js";

/** What an engine call waits for: the workflow stopped (waiting or ended) with a value, or its process died. */
export type Stop<T> =
  { readonly kind: "stopped"; readonly value: T } | { readonly kind: "died" | "failed"; readonly error: unknown };

const CONTEXT_KEY = defineSlot<string>("dbos.context_key");
const contexts = new Map<string, EngineContext>();
const waiters = new Map<string, (stop: Stop<unknown>) => void>();
/** Workflows whose execution in this process died inside a step: only a recovery runs them again. */
const dead = new Set<string>();
let launched: { url: string; schema: string; ready: Promise<void> } | null = null;

/** The key of an engine context: its workflows' id prefix, and how a (recovered) workflow finds the context. */
export function contextKey(env: EngineContext, fixed?: string): string {
  let key = env.slots.get(CONTEXT_KEY);
  if (key === undefined) env.slots.set(CONTEXT_KEY, (key = fixed ?? `h${randomUUID().slice(0, 12)}`));
  contexts.set(key, env);
  return key;
}

export function contextOf(key: string): EngineContext {
  const env = contexts.get(key);
  if (env === undefined) throw new Error(`no engine context ${key} in this process`);
  return env;
}

/** Launches DBOS once per process on `url` (every workflow is registered at module load, before this). */
export function launchDbos(url: string, schema = process.env["DBOS_HARNESS_SCHEMA"]): Promise<void> {
  if (launched !== null) {
    if (launched.url !== url) throw new Error("DBOS runs one system database per process");
    return launched.ready;
  }
  const name = schema ?? `harness_dbos_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  DBOS.setConfig({
    name: "agent-harness",
    systemDatabaseUrl: url,
    systemDatabaseSchemaName: name,
    logLevel: "error",
    runAdminServer: false,
    enableOTLP: false,
  });
  launched = { url, schema: name, ready: DBOS.launch() };
  return launched.ready;
}

/** Shuts this process's DBOS down (a command's end; a pool left open would keep Node alive). */
export async function shutdownDbos(): Promise<void> {
  if (launched === null) return;
  await launched.ready.catch(() => undefined);
  launched = null;
  await DBOS.shutdown();
}

/** Waits for the workflow's next stop; registered before the call that makes it move. */
export function nextStop<T>(workflowId: string): Promise<Stop<T>> {
  return new Promise((resolve) => waiters.set(workflowId, resolve as (stop: Stop<unknown>) => void));
}

/** The workflow tells its caller it stopped; no caller (a recovery nobody waits on) is fine. */
export function notifyStop(workflowId: string, stop: Stop<unknown>): void {
  if (stop.kind === "died") dead.add(workflowId);
  else dead.delete(workflowId);
  const waiter = waiters.get(workflowId);
  waiters.delete(workflowId);
  waiter?.(stop);
}

/**
 * One execution of a workflow: its id, and whether a step has run in it (not merely been replayed
 * from DBOS's checkpoints). A recovery replays the workflow from its start: the stops it passes
 * again were told before, so an execution tells a stop only once one of its steps ran.
 */
export type Execution = { readonly id: string; live: boolean };

export function execution(id: string): Execution {
  here.add(id);
  return { id, live: false };
}

/** Tells the engine call waiting on this workflow that it stopped, unless the execution is only replaying. */
export function tell(run: Execution, value: unknown): void {
  if (run.live) notifyStop(run.id, { kind: "stopped", value });
}

/** Runs a workflow's body; an error that ends it reaches the engine call waiting on it (DBOS records it too). */
export async function guarded<T>(run: Execution, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    notifyStop(run.id, { kind: "failed", error });
    throw error;
  }
}

export const diedHere = (workflowId: string): boolean => dead.has(workflowId);

/** Workflows an execution in this process runs (or ran): another process's are recovered here before use. */
const here = new Set<string>();
export const runsHere = (workflowId: string): boolean => here.has(workflowId);

/**
 * Makes a workflow of another (dead) process run here: DBOS's own recovery of a pending workflow
 * (resumeWorkflow re-enqueues it; this process's queue runner runs it from its last checkpointed step).
 */
export async function recoverHere(workflowId: string): Promise<void> {
  here.add(workflowId);
  await DBOS.resumeWorkflow(workflowId);
}

/**
 * Waits until DBOS has recorded that a workflow ended. A handle from `retrieveWorkflow` polls the
 * system database, once a second by default (`dbPollingIntervalResultMs`); the workflow ends
 * milliseconds after it told its stop, so it polls at `pollingIntervalMs` (GetResultOptions,
 * @dbos-inc/dbos-sdk 5.3.0 `dbos.d.ts`) instead of making every ended run wait a second.
 */
export async function ended(workflowId: string): Promise<void> {
  await DBOS.retrieveWorkflow(workflowId).getResult({ pollingIntervalMs: ENDED_POLL_MS });
}
const ENDED_POLL_MS = 5;

/** A stop's value, or the death rethrown as itself (the engine call dies as its process did). */
export function valueOf<T>(stop: Stop<T>): T {
  if (stop.kind !== "stopped") throw stop.error;
  return stop.value;
}

/**
 * Runs `body` as a DBOS step. A process death inside it (the harness's simulated crash, or a
 * spent work budget) is not an error DBOS may record: the caller is told, and the step never
 * returns, so DBOS keeps no checkpoint for it, as when the process really dies; a recovery runs it again.
 */
export async function step<T>(run: Execution, name: string, body: () => Promise<T>): Promise<T> {
  return DBOS.runStep(
    async () => {
      run.live = true;
      try {
        return await body();
      } catch (error) {
        if (!isDeath(error)) throw error;
        notifyStop(run.id, { kind: "died", error });
        return new Promise<T>(() => undefined);
      }
    },
    { name },
  );
}

export const isDeath = (error: unknown): boolean =>
  isProcessCrash(error) || (error instanceof Error && error.name === "WorkBudgetExceeded");
