/**
 * `mastra_native`: Mastra (@mastra/core 1.71.0) as its docs teach it. An `Agent` with the harness's
 * tools made by `createTool` (zod inputSchema; `requireApproval: true` on the tools a person must
 * decide), a Mastra instance with `LibSQLStore` storage (suspended runs are snapshots there), and
 * `agent.generate`: a call that needs approval ends it with finishReason "suspended", its
 * suspendPayload naming the toolCallId; the person's answer is `approveToolCallGenerate` or
 * `declineToolCallGenerate({ runId, toolCallId })`, which resumes the run from storage
 * (https://mastra.ai/docs/agents/agent-approval, "Tool call approval" and "Storage";
 * https://mastra.ai/docs/v1/agents/human-in-the-loop-with-tools). Each suspension is answered on
 * its own. A tool that may never run stays offered and suspends like a guarded one; the app
 * declines it on the spot, as the docs' "approve or decline a tool call based on targeted
 * application conditions" does, so Mastra never calls its execute and the model is told (an unoffered
 * tool would pass by removing it). The scripted planner plays through an AI SDK model object
 * (model.ts) minting call ids as a model would. No contract code runs inside Mastra's loop.
 */
import { decidePolicy } from "../../contract/index.js";
import {
  decisionOf,
  defineSlot,
  engineOf,
  EngineUsageError,
  nativeAnswers,
  nativeSessions,
  type Engine,
  type EngineContext,
  type EngineFactory,
} from "../../runtime/index.js";
import { turnModel } from "./model.js";
import { callIdMinter, nativeTool, parseArgs, plannerContent, record, type ToolRun } from "./native-tools.js";
import { viewOf, type Decision, type NativeSession } from "../../runtime/index.js";
import { mastraAgent, slotOf, storedRuns, type MastraCall, type MastraOutput } from "./storage.js";
import { MASTRA_VERSION } from "./versions.js";

/** What the client keeps per session: the run's view and the runId of a suspended run (Mastra keeps the rest). */
const SESSIONS = defineSlot<Map<string, NativeSession>>("mastra.native_sessions");

export function createNativeEngine(env: EngineContext): Engine<"mastra_native"> {
  const kept = nativeSessions(
    slotOf(env, SESSIONS, () => new Map<string, NativeSession>()),
    env.clock,
  );
  const maxSteps = env.limits.maxSteps;
  const refused = new Set(
    env.registry
      .list()
      .filter((spec) => decidePolicy(spec.risk).kind === "deny")
      .map((spec) => spec.name),
  );

  /** One Mastra call over the session's agent; what it ends in is stored as the docs say to store it. */
  const drive = async (session_id: string, s: NativeSession, call: MastraCall): Promise<void> => {
    const controller = new AbortController();
    const run: ToolRun = { ran: new Set(), died: null, stop: () => controller.abort() };
    const mint = callIdMinter(s.minted, (n) => env.ids.nonce(`${session_id}/calls`, n));
    const model = turnModel("scripted-planner", async ({ prompt }) => {
      record(s, prompt, run.ran);
      const raw = await env.planner.respond(viewOf(session_id, s));
      const content = plannerContent(raw, mint);
      s.turns.push({
        raw,
        calls: content.flatMap((c) =>
          c.type === "tool-call" ? [{ callId: c.toolCallId, tool: c.toolName, args: parseArgs(c.input) }] : [],
        ),
      });
      s.updated_at = env.clock.now();
      return content;
    });
    const tools = Object.fromEntries(env.registry.list().map((spec) => [spec.name, nativeTool(spec, env.clock, run)]));
    const was = s.phase;
    s.phase = "running";
    let output: MastraOutput | null = null;
    try {
      output = await call(mastraAgent(env, model, tools), { maxSteps, abortSignal: controller.signal });
    } catch (error) {
      // Mastra refuses to resume a run it no longer holds suspended (already resumed): the app shows its refusal.
      if (run.died === null && error instanceof Error && /could not find a suspended run/.test(error.message)) {
        s.phase = was;
        throw new EngineUsageError("approval_not_pending", error.message);
      }
      if (run.died === null) throw error;
    }
    if (run.died !== null) throw run.died.error;
    s.updated_at = env.clock.now();
    const waiting = (output?.suspendPayload ?? null) as {
      toolCallId?: string;
      toolName?: string;
      args?: unknown;
    } | null;
    if (output?.finishReason === "suspended" && output.runId !== undefined && waiting?.toolCallId !== undefined) {
      const w = {
        callId: waiting.toolCallId,
        tool: waiting.toolName ?? "",
        args: (waiting.args ?? {}) as Record<string, unknown>,
      };
      Object.assign(s, { phase: "waiting", waiting: [w], decided: new Map(), resume: output.runId });
      s.interruption = { turns: [...s.turns], results: new Map(s.results), waiting: [w], resume: output.runId };
      // The app's own condition: a tool that may never run is declined as soon as it asks.
      if (refused.has(w.tool)) await answer(session_id, s, "reject", "This tool is not allowed to run.");
      return;
    }
    const lastHadCalls = (s.turns.at(-1)?.calls.length ?? 0) > 0;
    s.phase = lastHadCalls && (output?.steps?.length ?? 0) >= maxSteps ? "step_limit" : "done";
    s.final = output?.text ?? "";
    s.resume = null;
  };

  const answer = async (session_id: string, s: NativeSession, decision: Decision, reason?: string) => {
    const runId = s.resume;
    const shown = s.waiting[0];
    if (runId === null || shown === undefined)
      throw new EngineUsageError("approval_not_pending", "no call is suspended");
    s.decided.set(shown.callId, decision);
    const toolCallId = shown.callId;
    await drive(session_id, s, (agent, o) =>
      decision === "approve"
        ? agent.approveToolCallGenerate({ runId, toolCallId, ...o })
        : agent.declineToolCallGenerate({ runId, toolCallId, ...(reason === undefined ? {} : { reason }), ...o }),
    );
  };

  return engineOf({
    id: "mastra_native",
    ...nativeAnswers(kept, "Mastra"),
    async start(session_id, goal) {
      const s = kept.open(session_id, goal);
      await drive(session_id, s, (agent, o) => agent.generate(goal, o));
      return viewOf(session_id, s);
    },
    async submitApproval(session_id, input) {
      const decision = decisionOf(input);
      const s = kept.get(session_id);
      if (s.phase !== "waiting")
        throw new EngineUsageError("approval_not_pending", `no call is suspended; the run is ${s.phase}`);
      // Mastra has no token: the person's answer approves or declines the call they were shown, by its toolCallId.
      await answer(session_id, s, decision);
      return viewOf(session_id, s);
    },
    async resume(session_id) {
      const s = kept.get(session_id);
      if (s.phase !== "running") return viewOf(session_id, s);
      // A run that died between suspensions left nothing to resume in Mastra's storage: the docs' way back is to run it again.
      s.turns = [];
      s.results = new Map();
      await drive(session_id, s, (agent, o) => agent.generate(s.goal, o));
      return viewOf(session_id, s);
    },
    storageSnapshot: () => storedRuns(env),
    // The client still holds what it saw at the last suspension: a restored copy is that, with its runId.
    rewindToApproval: async (session_id) => kept.rewind(session_id, "suspension"),
  });
}

export const mastraNativeFactory: EngineFactory<"mastra_native"> = {
  id: "mastra_native",
  version: MASTRA_VERSION,
  shape: async () => null,
  create: (env) => createNativeEngine(env),
};
