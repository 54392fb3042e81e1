/**
 * `dbos_native`: the agent loop on DBOS Transact (@dbos-inc/dbos-sdk 5.3.0) as its docs teach it
 * (https://docs.dbos.dev/typescript/tutorials/workflow-tutorial, ".../step-tutorial" and
 * ".../workflow-communication"; the agent-inbox example for human-in-the-loop): one workflow per
 * session whose id is the session's, the planner turn and each tool call as steps, a call that
 * needs a person waits for a message (`DBOS.recv("approval", timeout)`, sent with `DBOS.send`), and
 * recovery is DBOS's own: the workflow runs again from its last checkpointed step. A step is
 * checkpointed *after* it completes ("at least once", dbos.d.ts on `DBOS.step`), so a process that
 * dies between a tool's effect and that checkpoint runs the effect again. No contract code in the
 * loop: the risk table is read once, to decide which tools ask a person (and which the app declines).
 */
import { randomUUID } from "node:crypto";
import { DBOS } from "@dbos-inc/dbos-sdk";
import { decidePolicy, parseApprovalInput } from "../../contract/index.js";
import {
  defineSlot,
  engineOf,
  EngineUsageError,
  toolMessage,
  viewOf,
  type Engine,
  type EngineContext,
  type EngineFactory,
  type NativeSession,
} from "../../runtime/index.js";
import { readTurn, runTool, type PlannedTurn } from "./native-turn.js";
import {
  contextKey,
  contextOf,
  diedHere,
  ended,
  guarded,
  launchDbos,
  ask,
  execution,
  recoverHere,
  running,
  settledHere,
  nextStop,
  forget,
  ANY_STOP,
  START_REF,
  step,
  tell,
  valueOf,
  type Execution,
} from "./runtime.js";
import { DBOS_VERSION } from "./versions.js";

/** The sessions as the app's workflows left them, by session id (filled again by a replay after recovery). */
const SESSIONS = defineSlot<Map<string, NativeSession>>("dbos.native_sessions");
/** How long a call waits for its person before the app takes silence as a no (DBOS's recv timeout, seconds). */
const APPROVAL_WAIT_S = 24 * 3600;
/** A person's answer, as the message the workflow receives; `ref` keys the event that answers the sender. */
type Answer = { readonly decision: "approve" | "reject"; readonly ref: string };
/** What the workflow tells its caller when its run ended (null when it waits for a person). */
const ENDED = "ended";

const sessionsOf = (env: EngineContext): Map<string, NativeSession> => {
  let map = env.slots.get(SESSIONS);
  if (map === undefined) env.slots.set(SESSIONS, (map = new Map()));
  return map;
};
const workflowId = (key: string, session_id: string) => `${key}:native:${session_id}`;

/** The session's workflow: plan, run each call (asking first where the app must), until the planner answers in prose. */
async function agentWorkflow(key: string, session_id: string, goal: string): Promise<void> {
  const run = execution(workflowId(key, session_id));
  return guarded(run, () => agentLoop(run, key, session_id, goal));
}

async function agentLoop(run: Execution, key: string, session_id: string, goal: string): Promise<void> {
  const env = contextOf(key);
  const id = run.id;
  const at = env.clock.now();
  const s: NativeSession = {
    ...{ goal, started_at: at, updated_at: at, turns: [], results: new Map(), phase: "running", final: "" },
    ...{ waiting: [], decided: new Map(), minted: [], resume: null, interruption: null },
  };
  sessionsOf(env).set(session_id, s);
  for (let turn = 0; turn < env.limits.maxSteps; turn++) {
    const planned: PlannedTurn = await step(run, "planner", async () =>
      readTurn(await env.planner.respond(viewOf(session_id, s)), s.minted, (n) => env.ids.nonce(`${id}/calls`, n)),
    );
    s.minted = [...new Set([...s.minted, ...planned.calls.map((c) => c.callId)])];
    s.turns.push({ raw: planned.raw, calls: planned.calls });
    s.updated_at = env.clock.now();
    if (planned.calls.length === 0) {
      Object.assign(s, { phase: "done", final: planned.text });
      return tell(run, ENDED);
    }
    for (const call of planned.calls) {
      const spec = env.registry.get(call.tool);
      const policy = spec === undefined ? "allow" : decidePolicy(spec.risk).kind;
      let decision: Answer["decision"] = policy === "deny" ? "reject" : "approve";
      if (policy === "require_approval") {
        Object.assign(s, { phase: "waiting", waiting: [call], decided: new Map() });
        await tell(run, null);
        const answer = await DBOS.recv<Answer>("approval", APPROVAL_WAIT_S);
        if (answer !== null) run.ref = answer.ref;
        decision = answer?.decision ?? "reject";
        s.decided.set(call.callId, decision);
        Object.assign(s, { phase: "running", updated_at: env.clock.now() });
      }
      const result =
        decision === "reject"
          ? { ok: false, text: JSON.stringify("The person declined this call.") }
          : await step(run, call.tool, () => runTool(env, call));
      const status = decision === "reject" ? "declined" : result.ok ? "ok" : "error";
      s.results.set(call.callId, toolMessage(call.tool, result.text, status, call.callId));
    }
  }
  s.phase = "step_limit";
  await tell(run, ENDED);
}
const workflow = DBOS.registerWorkflow(agentWorkflow, { name: "harness.native_session" });

export function createNativeEngine(env: EngineContext, url: string): Engine<"dbos_native"> {
  const key = contextKey(env);
  const sessions = sessionsOf(env);
  const view = (session_id: string) => {
    const s = sessions.get(session_id);
    if (s === undefined) throw new EngineUsageError("unknown_session", `no workflow for session ${session_id}`);
    return viewOf(session_id, s);
  };
  /** Makes the workflow move and answers where it stops next (its stop after operation `ref`). */
  const move = async (session_id: string, ref: string, act: (id: string) => Promise<unknown>) => {
    const id = workflowId(key, session_id);
    const stop = await ask(id, ref, () => act(id));
    if (stop.kind === "unanswered")
      throw new EngineUsageError("approval_not_pending", "the workflow ended before it read the answer");
    // A run that ended ends its workflow: wait until DBOS has recorded that, so a later call sees it ended.
    if (valueOf(stop) === ENDED) await ended(id);
    return view(session_id);
  };
  return engineOf({
    id: "dbos_native",
    async start(session_id, goal) {
      await launchDbos(url);
      if (sessions.has(session_id) || (await DBOS.getWorkflowStatus(workflowId(key, session_id))) !== null)
        throw new EngineUsageError("session_exists", `session ${session_id} already ran`);
      return move(session_id, START_REF, (id) =>
        DBOS.startWorkflow(workflow, { workflowID: id })(key, session_id, goal),
      );
    },
    async submitApproval(session_id, input) {
      const parsed = parseApprovalInput(input);
      if (!parsed.ok) throw new EngineUsageError("approval_malformed", parsed.error.message);
      await launchDbos(url);
      const decision = parsed.value.kind === "decline" ? "reject" : "approve";
      const s = sessions.get(session_id);
      const id = workflowId(key, session_id);
      const pending = await running(id);
      // Not (yet) replayed here: its process died waiting, and DBOS's recovery (the executor restarted under its
      // id) runs it here, or it runs in another worker; either way the answer waits as its message.
      if (s === undefined && !pending)
        throw new EngineUsageError("unknown_session", `no workflow for session ${session_id}`);
      // The app's record may say waiting when its workflow has ended (a record edited in the store, tamper-edit.ts):
      // a message to an ended workflow is never received, so only a PENDING workflow is sent one.
      if ((s !== undefined && s.phase !== "waiting") || !pending)
        throw new EngineUsageError("approval_not_pending", `no call waits for a person; the run is ${s?.phase}`);
      // DBOS carries no token: the person's answer is a message to the session's workflow, approving what it shows.
      const answer: Answer = { decision, ref: randomUUID() };
      return move(session_id, answer.ref, (wf) => DBOS.send(wf, answer, "approval"));
    },
    async resume(session_id) {
      const id = workflowId(key, session_id);
      // Before the launch: DBOS's recovery at launch (the executor restarted under its id) may run it here at once.
      const next = nextStop(id, ANY_STOP);
      try {
        await launchDbos(url);
        // Its execution here died in a step (a simulated crash): DBOS runs it again here, from its last checkpoint.
        const died = diedHere(id);
        if (died !== undefined) return await move(session_id, died, recoverHere);
        // A workflow DBOS recovered runs on from its last checkpointed step: the app waits for where it stops.
        if (!settledHere(id) && (await running(id)) && valueOf(await next) === ENDED) await ended(id);
        return view(session_id);
      } finally {
        forget(id, ANY_STOP);
      }
    },
    async reconcileUncertain() {
      throw new EngineUsageError("not_reconcilable", "DBOS keeps no uncertain outcome to reconcile");
    },
    state: async (session_id) => {
      const s = sessions.get(session_id);
      return s === undefined ? undefined : viewOf(session_id, s);
    },
    // DBOS's record is its workflow and step tables, not the contract's audit trace: there is none to show.
    trace: async () => [],
    graphSteps: async () => null,
  });
}

export const createDbosNativeFactory = (url: string): EngineFactory<"dbos_native"> => ({
  id: "dbos_native",
  version: DBOS_VERSION,
  shape: async () => null,
  create: (env) => createNativeEngine(env, url),
});
