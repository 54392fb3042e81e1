/**
 * The OpenAI Agents SDK (@openai/agents 0.20.0) as its docs teach it. The harness's tools are
 * `tool({ parameters: zod })`; `needsApproval: true` on the tools that need a person, and every
 * interruption is shown and decided on its own with `state.approve(item)` / `state.reject(item)`,
 * the item found by the SDK's own call id, the run resumed once all have an answer, the RunState
 * stored with `toString()` and read back with `RunState.fromString` in between
 * (https://openai.github.io/openai-agents-js/guides/human-in-the-loop/, "Approval flow"). A tool
 * that must never run stays offered and is stopped by a tool input guardrail that rejects its
 * content, so the SDK never calls its execute and the model is told
 * (https://openai.github.io/openai-agents-js/guides/guardrails/, "Tool guardrails"); an unoffered tool
 * would pass by removing it. The scripted planner plays through the SDK's own `Model` interface with
 * call ids a model would mint (native-model.ts). No contract code runs inside the SDK's loop: the
 * tools' configuration reads the risk table once, and what the columns find missing is the SDK's.
 */
import { Agent, Runner, RunState, Usage, type Model, type ModelResponse } from "@openai/agents";
import type { AgentState, Planner } from "../../contract/index.js";
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
import { unwrapRunError } from "./errors.js";
import { answer, nativeTool, record, shown } from "./native-items.js";
import { callIdMinter, plannerItems } from "./native-model.js";
import { shownInterruption, viewOf, type NativeSession } from "../../runtime/index.js";
import { OPENAI_AGENTS_VERSION } from "./versions.js";

/** The SDK's runner, with tracing off: nothing leaves the process. */
const runner = new Runner({ tracingDisabled: true });

/** What the client keeps per session (the SDK keeps nothing): the run's view and its last RunState. */
const SESSIONS = defineSlot<Map<string, NativeSession>>("openai_agents.native_sessions");

export function createNativeEngine(env: EngineContext): Engine<"openai_agents_native"> {
  let sessions = env.slots.get(SESSIONS);
  if (sessions === undefined) env.slots.set(SESSIONS, (sessions = new Map()));
  const kept = nativeSessions(sessions, env.clock);
  const maxTurns = env.limits.maxSteps;

  const agentFor = (session_id: string, s: NativeSession) => {
    const ran = new Set<string>();
    const tools = env.registry.list().map((spec) => nativeTool(spec, ran));
    const mint = callIdMinter(s.minted, (n) => env.ids.nonce(`${session_id}/calls`, n));
    const model: Model = {
      async getResponse(request): Promise<ModelResponse> {
        record(s, request.input, ran);
        const raw = await env.planner.respond(viewOf(session_id, s));
        const output = plannerItems(raw, mint);
        s.turns.push({ raw, calls: output.flatMap((o) => (o.type === "function_call" ? [shown(o)] : [])) });
        s.updated_at = env.clock.now();
        return { usage: new Usage(), output };
      },
      getStreamedResponse() {
        throw new Error("the harness runs the SDK without streaming");
      },
    };
    return { agent: new Agent({ name: "harness", instructions: "Use the tools.", model, tools }), ran };
  };

  /** Runs the SDK from its goal or a RunState; stores what the docs say to store. */
  const drive = async (
    session_id: string,
    s: NativeSession,
    input: (agent: Agent) => Promise<string | RunState<unknown, Agent>>,
  ) => {
    const { agent, ran } = agentFor(session_id, s);
    return kept.run(
      session_id,
      s,
      async () => {
        const result = await runner.run(agent, await input(agent), { maxTurns });
        record(s, result.history, ran);
        // Every interruption is kept, to be shown and answered one by one.
        const waiting = result.interruptions.flatMap((i) =>
          i.rawItem.type === "function_call" ? [shown(i.rawItem)] : [],
        );
        if (waiting.length === 0) return { final: String(result.finalOutput ?? "") };
        return { waiting, resume: result.state.toString() };
      },
      { stepLimit: "MaxTurnsExceededError", unwrap: unwrapRunError },
    );
  };

  return engineOf({
    id: "openai_agents_native",
    ...nativeAnswers(kept, "the OpenAI Agents SDK"),
    async start(session_id, goal) {
      return drive(session_id, kept.open(session_id, goal), async () => goal);
    },
    async submitApproval(session_id, input) {
      const decision = decisionOf(input);
      const s = kept.get(session_id);
      const blob = s.resume;
      if (s.phase !== "waiting" || blob === null)
        throw new EngineUsageError("approval_not_pending", `no interruption is waiting; the run is ${s.phase}`);
      // The SDK has no token: the person's answer decides the interruption they were shown, by its call id.
      const shownNow = shownInterruption(s);
      if (shownNow === undefined)
        throw new EngineUsageError("approval_not_pending", "every interruption has its answer");
      s.decided.set(shownNow.callId, decision);
      if (s.waiting.some((w) => !s.decided.has(w.callId))) {
        // More interruptions wait: the answer is recorded in the RunState, which is stored again.
        const state = await RunState.fromString(agentFor(session_id, s).agent, blob);
        answer(state, shownNow.callId, decision);
        s.resume = state.toString();
        s.updated_at = env.clock.now();
        return viewOf(session_id, s);
      }
      return drive(session_id, s, async (agent) => {
        const state = await RunState.fromString(agent, blob);
        answer(state, shownNow.callId, decision);
        return state;
      });
    },
    async resume(session_id) {
      const s = kept.get(session_id);
      if (s.phase !== "running") return viewOf(session_id, s);
      // Nothing was saved since the run started (the SDK saves only at interruptions): the docs' way back is to run it again.
      if (s.resume === null) {
        s.turns = [];
        s.results = new Map();
        return drive(session_id, s, async () => s.goal);
      }
      const blob = s.resume;
      return drive(session_id, s, (agent) => RunState.fromString(agent, blob));
    },
    // The client still holds the RunState of the last interruption: a restored copy is that blob.
    rewindToApproval: async (session_id) => kept.rewind(session_id, "interruption"),
  });
}

export const openaiAgentsNativeFactory: EngineFactory<"openai_agents_native"> = {
  id: "openai_agents_native",
  version: OPENAI_AGENTS_VERSION,
  shape: async () => null,
  create: (env) => createNativeEngine(env),
};

export type { AgentState, Planner };
