/**
 * The `dbos_hardened` session workflow (@dbos-inc/dbos-sdk 5.3.0): started, then every operation in the order its
 * messages come (`DBOS.recv`), each as an intent step and a work step that runs the contract's engine; each
 * operation answered with a DBOS event (reply.ts). The engine that sends the operations is hardened.ts.
 */
import { DBOS } from "@dbos-inc/dbos-sdk";
import { isTerminal, type AgentState } from "../../contract/index.js";
import type { EngineContext, EngineError } from "../../runtime/index.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { contextOf, execution, guarded, step, tell, type Execution } from "./runtime.js";
import { isOn, type HardeningOptions } from "./pieces.js";

/** An operation on a session; its message to the workflow carries a reference the answer's event is keyed by. */
export type Operation =
  | { readonly kind: "approval"; readonly input: unknown }
  | { readonly kind: "resume" }
  | { readonly kind: "reconcile"; readonly input: unknown }
  | { readonly kind: "rewind" };
/** What a work step answers: the state it left, or the contract's refusal (the state stays as it was). */
export type Outcome = { readonly state?: AgentState | undefined; readonly refused?: EngineError };

type Start = { readonly kind: "start"; readonly goal: string };
/**
 * The raw goal of a session being started in this process, by workflow id: the start's work step takes it from
 * memory, so it is never a workflow input (DBOS stores inputs in `workflow_status` and `workflow_input`).
 */
const goals = new Map<string, string>();
/** The engine's start holds the goal here until the workflow has answered the start. */
export const holdGoal = (workflowId: string, goal: string): void => void goals.set(workflowId, goal);
export const dropGoal = (workflowId: string): boolean => goals.delete(workflowId);
export type Message = Operation & { readonly ref: string };
type Session = { readonly env: EngineContext; readonly session_id: string; readonly options: HardeningOptions };
/** The session's workflow id under an engine context's key (the crash test reads DBOS's steps under it). */
export const hardenedWorkflowId = (key: string, session_id: string) => `${key}:hardened:${session_id}`;
const workflowId = hardenedWorkflowId;

export const perform = (env: EngineContext, session_id: string, op: Operation | Start) => {
  const contract = handwrittenFactory.create(env);
  switch (op.kind) {
    case "start":
      return contract.start(session_id, op.goal);
    case "approval":
      return contract.submitApproval(session_id, op.input);
    case "resume":
      return contract.resume(session_id);
    case "reconcile":
      return contract.reconcileUncertain(session_id, op.input as never);
    case "rewind":
      if (contract.rewindToApproval === undefined) throw new Error("the contract's engine cannot rewind");
      return contract.rewindToApproval(session_id);
  }
};

/** One operation as an intent step and a work step; a work step run again after a death is the contract's resume. */
/**
 * The operation a work step performs. A start run again in another process (DBOS recovered it there) finds no goal:
 * it is the contract's resume, which continues from the goal the contract kept (redacted) in its first checkpoint,
 * or refuses an unknown session when the start never reached the contract, and the workflow ends.
 */
const performed = (run: Execution, op: Operation | { readonly kind: "start" }): Operation | Start => {
  if (op.kind !== "start") return op;
  const goal = goals.get(run.id);
  return goal === undefined ? { kind: "resume" } : { kind: "start", goal };
};

async function operate(run: Execution, session: Session, n: number, op: Operation | { kind: "start" }) {
  const { env, session_id } = session;
  if ("ref" in op) run.ref = op.ref as string;
  let fresh = !isOn(session.options, "intent_step");
  if (!fresh)
    await step(run, `intent:${n}:${op.kind}`, async () => {
      fresh = true;
      return n;
    });
  const outcome: Outcome = await step(run, `${n}:${op.kind}`, async () => {
    const result = await perform(env, session_id, fresh ? performed(run, op) : { kind: "resume" });
    return result.ok ? { state: result.value } : { refused: result.error };
  });
  await tell(run, outcome);
  return outcome as Outcome;
}

/** The session's workflow: started, then every operation in the order its messages come, until the run ends. */
async function sessionWorkflow(key: string, session_id: string, options: HardeningOptions) {
  const run = execution(workflowId(key, session_id));
  return guarded(run, () => operations(run, { env: contextOf(key), session_id, options }));
}

async function operations(run: Execution, session: Session): Promise<void> {
  let outcome = await operate(run, session, 0, { kind: "start" });
  // A refused start (a recovered start that never reached the contract) leaves no session to operate on.
  if (outcome.state === undefined) return;
  for (let n = 1; outcome.state === undefined || !isTerminal(outcome.state); n++) {
    const op = await DBOS.recv<Message>("operation", 24 * 3600);
    if (op === null) return;
    outcome = await operate(run, session, n, op);
    if (outcome.state === undefined && outcome.refused === undefined) return;
  }
}
export const hardenedWorkflow = DBOS.registerWorkflow(sessionWorkflow, { name: "harness.hardened_session" });
