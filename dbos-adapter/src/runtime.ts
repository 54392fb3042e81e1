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
import { publish } from "./reply.js";
import { notifyStop, unsettle, type Stop } from "./waiters.js";
export { ask, ended } from "./reply.js";
export { ANY_STOP, diedHere, forget, nextStop, settledHere, type Stop } from "./waiters.js";
import "./versions.js";

const CONTEXT_KEY = defineSlot<string>("dbos.context_key");
const contexts = new Map<string, EngineContext>();
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

/** The system schema this process's DBOS runs on (the engines read their own rows in it), once launched. */
export function systemSchema(): string {
  if (launched === null) throw new Error("DBOS is not launched in this process");
  return launched.schema;
}

/** Shuts this process's DBOS down (a command's end; a pool left open would keep Node alive). */
export async function shutdownDbos(): Promise<void> {
  if (launched === null) return;
  await launched.ready.catch(() => undefined);
  launched = null;
  await DBOS.shutdown();
}

/**
 * One execution of a workflow: its id, the operation it works on (the reference in the message it last
 * received; "start" before any), and whether a step has run in it (not merely been replayed from DBOS's
 * checkpoints). A recovery replays the workflow from its start: the stops it passes again were told
 * before, so an execution tells a stop in this process only once one of its steps ran.
 */
export type Execution = { readonly id: string; ref: string; live: boolean };
export const START_REF = "start";

export function execution(id: string): Execution {
  return { id, ref: START_REF, live: false };
}

/**
 * Tells the engine call waiting on operation `ref` that the workflow stopped: as a DBOS event under the
 * operation's key (how a caller in any process learns it), and directly to a caller in this process unless
 * the execution is only replaying (a replay's stops were told before).
 */
export async function tell(run: Execution, value: unknown): Promise<void> {
  await publish(run.ref, value);
  if (run.live) notifyStop(run.id, { kind: "stopped", value }, run.ref);
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

/** Whether DBOS has the workflow running: PENDING, or ENQUEUED again by a recovery that has not dispatched it yet. */
export async function running(workflowId: string): Promise<boolean> {
  const status = (await DBOS.getWorkflowStatus(workflowId))?.status;
  return status === "PENDING" || status === "ENQUEUED";
}

/**
 * Runs again here a workflow whose execution died in this process (the harness's simulated crash: the
 * process lives on, its execution hangs in the step that died): DBOS's resumeWorkflow re-enqueues it and
 * this process's queue runner runs it from its last checkpointed step. A workflow whose *process* died is
 * recovered by DBOS at launch, by the executor that restarts under its id (see crash-worker.ts).
 */
export async function recoverHere(workflowId: string): Promise<void> {
  await DBOS.resumeWorkflow(workflowId);
}

/** A stop's value, or the death rethrown as itself (the engine call dies as its process did). */
export function valueOf<T>(stop: Stop<T>): T {
  if (stop.kind === "unanswered") throw new Error("the workflow ended without reading the operation");
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
      unsettle(run.id);
      try {
        return await body();
      } catch (error) {
        if (!isDeath(error)) throw error;
        notifyStop(run.id, { kind: "died", error }, run.ref);
        return new Promise<T>(() => undefined);
      }
    },
    { name },
  );
}

export const isDeath = (error: unknown): boolean =>
  isProcessCrash(error) || (error instanceof Error && error.name === "WorkBudgetExceeded");
