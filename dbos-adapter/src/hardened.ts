/**
 * `dbos_hardened`: the same DBOS workflow per session (@dbos-inc/dbos-sdk 5.3.0; every operation a
 * message it waits for with `DBOS.recv`, sent with `DBOS.send`; recovery by DBOS), with the contract
 * entering through DBOS's own primitives. Each operation is a pair of steps: an intent step,
 * checkpointed by DBOS before anything happens, then the work step, the contract's engine over the
 * contract's stores (the approval token checked and its nonce spent with the checkpoint in one
 * store transaction, the ledger's intent written before the effect, the idempotency key handed to
 * the tool, the trace redacted). DBOS checkpoints a step only after it completes, so a recovery
 * that replays the intent step but must run the work step again knows the work may have begun:
 * it runs the contract's resume instead, which stops in `reconcile_required` for an intent with no
 * result rather than running the effect again.
 */
import { randomUUID } from "node:crypto";
import { DBOS } from "@dbos-inc/dbos-sdk";
import { isTerminal, type AgentState } from "../../contract/index.js";
import {
  engineOf,
  EngineUsageError,
  unwrapEngine,
  type Engine,
  type EngineContext,
  type EngineFactory,
} from "../../runtime/index.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import {
  contextKey,
  diedHere,
  ended,
  launchDbos,
  ask,
  recoverHere,
  running,
  START_REF,
  systemSchema,
  valueOf,
} from "./runtime.js";
import { DBOS_VERSION } from "./versions.js";
import {
  dropGoal,
  hardenedWorkflow,
  hardenedWorkflowId as workflowId,
  holdGoal,
  perform,
  type Message,
  type Operation,
  type Outcome,
} from "./hardened-workflow.js";
import { systemRows } from "./system-rows.js";
import { dbosLayer, type HardeningOptions } from "./pieces.js";

export function createHardenedEngine(
  env: EngineContext,
  url: string,
  options: HardeningOptions = {},
): Engine<"dbos_hardened"> {
  const key = contextKey(env);
  const contract = handwrittenFactory.create(env);
  const answer = (outcome: Outcome): AgentState => {
    if (outcome.refused !== undefined) throw new EngineUsageError(outcome.refused.code, outcome.refused.message);
    if (outcome.state === undefined) throw new Error("the workflow answered no state");
    return outcome.state;
  };
  /** The workflow's answer to operation `ref`, or null when it ended without reading the operation. */
  const move = async (session_id: string, ref: string, act: (id: string) => Promise<unknown>) => {
    const id = workflowId(key, session_id);
    const stop = await ask<Outcome>(id, ref, () => act(id));
    if (stop.kind === "unanswered") return null;
    const state = answer(valueOf(stop));
    // A run that ended ends its workflow: once DBOS has recorded that, an operation goes to the contract alone.
    if (isTerminal(state)) await ended(id);
    return state;
  };
  const direct = async (session_id: string, op: Operation): Promise<AgentState> => {
    const result = await perform(env, session_id, op);
    if (!result.ok) throw new EngineUsageError(result.error.code, result.error.message);
    return result.value;
  };
  /**
   * An operation goes to the session's workflow while it runs, in whichever worker runs it: a DBOS message
   * there, answered by the workflow's event. Once the run ended, the contract answers alone.
   */
  const send = async (session_id: string, op: Operation): Promise<AgentState> => {
    await launchDbos(url);
    const id = workflowId(key, session_id);
    // Its execution here died in a step (a simulated crash): DBOS runs it again here and the re-run answers.
    const died = diedHere(id);
    if (died !== undefined) return (await move(session_id, died, recoverHere)) ?? direct(session_id, op);
    // A run the contract holds ended has left its workflow (which may not have recorded its end yet).
    const now = unwrapEngine(await contract.state(session_id));
    if (now === undefined || isTerminal(now) || !(await running(id))) return direct(session_id, op);
    const message: Message = { ...op, ref: randomUUID() };
    return (await move(session_id, message.ref, (wf) => DBOS.send(wf, message, "operation"))) ?? direct(session_id, op);
  };
  return engineOf({
    id: "dbos_hardened",
    async start(session_id, goal) {
      await launchDbos(url);
      const id = workflowId(key, session_id);
      if (unwrapEngine(await contract.state(session_id)) !== undefined || (await DBOS.getWorkflowStatus(id)) !== null)
        throw new EngineUsageError("session_exists", `session ${session_id} already has checkpoints`);
      const start = (wf: string) => DBOS.startWorkflow(hardenedWorkflow, { workflowID: wf })(key, session_id, options);
      holdGoal(id, goal);
      try {
        const state = await move(session_id, START_REF, start);
        if (state === null) throw new Error("the session's workflow ended before it answered its start");
        return state;
      } finally {
        dropGoal(id);
      }
    },
    submitApproval: (session_id, input) => send(session_id, { kind: "approval", input }),
    resume: (session_id) => send(session_id, { kind: "resume" }),
    reconcileUncertain: (session_id, input) => send(session_id, { kind: "reconcile", input }),
    state: async (session_id) => unwrapEngine(await contract.state(session_id)),
    trace: (session_id) => contract.trace(session_id),
    graphSteps: async () => null,
    rewindToApproval: (session_id) => send(session_id, { kind: "rewind" }),
    // DBOS's own rows for the session's workflow: its inputs, step outputs, messages and events.
    storageSnapshot: async (session_id) => {
      await launchDbos(url);
      return systemRows(url, systemSchema(), workflowId(key, session_id));
    },
  });
}

/** The hardened engine as a factory over the Postgres at `url`, with pieces of the layer switched off for an ablation. */
export const createDbosHardenedFactory = (
  url: string,
  options: HardeningOptions = {},
): EngineFactory<"dbos_hardened"> => ({
  id: "dbos_hardened",
  version: DBOS_VERSION,
  shape: async () => null,
  create: (env) => createHardenedEngine(env, url, options),
  layer: dbosLayer((disable) => createDbosHardenedFactory(url, { disable })),
});
