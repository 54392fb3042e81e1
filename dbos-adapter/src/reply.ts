/**
 * How an engine call in any worker process learns what the session's workflow did with its operation,
 * through DBOS itself (@dbos-inc/dbos-sdk 5.3.0, dbos.d.ts; https://docs.dbos.dev/typescript/tutorials/workflow-communication):
 * the workflow publishes each operation's answer with `DBOS.setEvent` under the operation's own key
 * (checkpointed, so a replay publishes the same value again), and the caller waits with `DBOS.getEvent`,
 * which Postgres LISTEN/NOTIFY wakes (system_database.js: `workflow_events`), polling as a fallback. The
 * workflow keeps running in the worker that runs it; nothing here takes it over.
 */
import { DBOS } from "@dbos-inc/dbos-sdk";
import { forget, nextStop, type Stop } from "./waiters.js";

/** The event under which the workflow answers the operation `ref` (a caller-made id, in the operation's message). */
const replyKey = (ref: string): string => `reply:${ref}`;
/** An answer, boxed: a workflow may answer null (the native app waiting for a person). */
type Reply = { readonly value: unknown };

/** Inside the workflow: the answer to operation `ref`, for whichever process waits on it. */
export async function publish(ref: string, value: unknown): Promise<void> {
  await DBOS.setEvent<Reply>(replyKey(ref), { value });
}

/** How long one wait on the event lasts before the caller looks whether the workflow still runs (seconds). */
const SLICE_S = 1;
/** getEvent's polling when no notification comes (a missed NOTIFY); DBOS's default is 10 s. */
const EVENT_POLL_MS = 50;

/**
 * The answer the workflow published for `ref`, or `unanswered` once the workflow ended without one (another
 * operation ended the run before this operation's message was received: a message to an ended workflow is
 * never read). `gone()` says the caller learned the answer another way; the wait then stops at its next slice.
 */
export async function awaitReply(
  workflowId: string,
  ref: string,
  gone: () => boolean,
): Promise<{ readonly kind: "stopped"; readonly value: unknown } | { readonly kind: "unanswered" } | null> {
  const read = (timeoutSeconds: number) =>
    DBOS.getEvent<Reply>(workflowId, replyKey(ref), { timeoutSeconds, pollingIntervalMs: EVENT_POLL_MS });
  while (!gone()) {
    const reply = await read(SLICE_S);
    if (reply !== null) return { kind: "stopped", value: reply.value };
    const status = (await DBOS.getWorkflowStatus(workflowId))?.status;
    // PENDING, or ENQUEUED again by a recovery that has not dispatched it yet: it runs on.
    if (status === "PENDING" || status === "ENQUEUED") continue;
    // It ended: it answered before its end, or never received the message.
    const last = await read(0);
    return last === null ? { kind: "unanswered" } : { kind: "stopped", value: last.value };
  }
  return null;
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

/**
 * One operation on a workflow from any process: `act` sends its message (or starts the workflow); the answer
 * comes from the execution in this process, which also tells a death, or through DBOS's event from the
 * process that runs the workflow, whichever comes first.
 */
export async function ask<T>(workflowId: string, ref: string, act: () => Promise<unknown>): Promise<Stop<T>> {
  const local = nextStop<T>(workflowId, ref);
  let answered = false;
  try {
    await act();
    // After the answer came, a wait still in DBOS's hands (a shutdown may end it) is no one's concern.
    const remote = awaitReply(workflowId, ref, () => answered).then(
      (stop): Stop<T> | Promise<Stop<T>> => (stop as Stop<T> | null) ?? local,
      (error: unknown) => (answered ? local : Promise.reject(error)),
    );
    return await Promise.race([local, remote]);
  } finally {
    answered = true;
    forget(workflowId, ref);
  }
}
