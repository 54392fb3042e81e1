/**
 * Engine calls in this process waiting on their workflows, and what this process knows of its executions: which
 * died in a step (only a recovery runs them again) and which stand at a stop they told. The workflow tells its
 * caller here directly; a caller in another process reads the workflow's DBOS event instead (reply.ts).
 */
/**
 * What an engine call waits for: the workflow stopped (waiting or ended) with a value, or its process died, or
 * the workflow ended without receiving the call's message (another operation ended the run first).
 */
export type Stop<T> =
  | { readonly kind: "stopped"; readonly value: T }
  | { readonly kind: "died" | "failed"; readonly error: unknown }
  | { readonly kind: "unanswered" };

/**
 * Engine calls in this process waiting on a workflow, by workflow id, then by the reference of their operation
 * (ANY_STOP: the next stop a live execution here tells, whatever it answers).
 */
const waiters = new Map<string, Map<string, (stop: Stop<unknown>) => void>>();
/** Workflows whose execution in this process died inside a step, with the operation it ran: only a recovery runs them again. */
const dead = new Map<string, string>();

/** Waits in this process for the workflow's stop after operation `ref`; registered before the call that moves it. */
export function nextStop<T>(workflowId: string, ref: string): Promise<Stop<T>> {
  const mine = waiters.get(workflowId) ?? new Map<string, (stop: Stop<unknown>) => void>();
  waiters.set(workflowId, mine);
  return new Promise((resolve) => mine.set(ref, resolve as (stop: Stop<unknown>) => void));
}

/** Drops a waiter whose answer came another way (through DBOS, from the process running the workflow). */
export function forget(workflowId: string, ref: string): void {
  waiters.get(workflowId)?.delete(ref);
}

/**
 * The workflow tells its caller in this process that operation `ref` stopped; no caller (a recovery nobody
 * waits on, or a caller in another process, which reads the workflow's event) is fine. A death or a failure
 * ends every operation waiting on the workflow.
 */
export function notifyStop(workflowId: string, stop: Stop<unknown>, ref?: string): void {
  if (stop.kind === "died") dead.set(workflowId, ref ?? "");
  else dead.delete(workflowId);
  const mine = waiters.get(workflowId);
  if (stop.kind === "stopped") settled.add(workflowId);
  for (const [waiting, resolve] of mine ?? [])
    if (stop.kind !== "stopped" || waiting === ref || waiting === ANY_STOP) {
      mine?.delete(waiting);
      resolve(stop);
    }
}

/** Workflows whose execution in this process stands at a stop it told (a step that runs again unsettles it). */
const settled = new Set<string>();
export const settledHere = (workflowId: string): boolean => settled.has(workflowId);
/** A step of the workflow's execution here runs: it no longer stands at a stop. */
export const unsettle = (workflowId: string): boolean => settled.delete(workflowId);
export const ANY_STOP = "*";

/** The operation whose step died in this process, if the workflow's execution here died: its recovery answers it. */
export const diedHere = (workflowId: string): string | undefined => dead.get(workflowId);
