/**
 * LangChain's `createAgent` (langchain 1.5.14, @langchain/langgraph 1.7.3) as its docs teach it
 * (https://docs.langchain.com/oss/javascript/langchain/human-in-the-loop): the harness's tools with
 * their zod schemas, `humanInTheLoopMiddleware({ interruptOn })` on the tools that need a person, a
 * checkpointer (MemorySaver, kept in the engine context's slots so a new process finds it as a durable
 * store would), and each interrupt's action requests shown one by one, every one decided on its own
 * (bound to its tool call id), then the run resumed with `new Command({ resume: { decisions } })`, the
 * decisions in the order of the action requests, as the docs require. A tool that may never run stays
 * offered and a `wrapToolCall` middleware refuses it before its handler (native-tools.ts). The scripted
 * planner plays through a chat model with fresh call ids (chat-model.ts). No contract code in the loop.
 */
import { Command, MemorySaver } from "@langchain/langgraph";
import { HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { createAgent, humanInTheLoopMiddleware } from "langchain";
import {
  decisionOf,
  defineSlot,
  engineOf,
  EngineUsageError,
  nativeAnswers,
  nativeSessions,
  shownInterruption,
  toolMessage,
  viewOf,
  type Engine,
  type EngineContext,
  type EngineFactory,
  type NativeSession,
} from "../../runtime/index.js";
import { aiMessage, mintCallId, plannedCalls, ScriptedChatModel } from "./chat-model.js";
import { firstOf, interruptOnOf, nativeTool, toolGuard } from "./native-tools.js";
import { LANGCHAIN_VERSION } from "./versions.js";

const SESSIONS = defineSlot<Map<string, NativeSession>>("langchain.native_sessions");
/** The agent's checkpointer: LangGraph's MemorySaver, kept where a restarted process finds it. */
const SAVER = defineSlot<MemorySaver>("langchain.native_saver");

/** A run past the agent's recursion limit is LangGraph's GraphRecursionError; others are unwrapped to their cause. */
const LIMITS = { stepLimit: "GraphRecursionError", unwrap: firstOf } as const;

type Interrupted = { __interrupt__?: { value?: { actionRequests?: { name: string; args: unknown }[] } }[] };

export function createLangChainNativeEngine(env: EngineContext): Engine<"langchain_agent_native"> {
  let sessions = env.slots.get(SESSIONS);
  if (sessions === undefined) env.slots.set(SESSIONS, (sessions = new Map()));
  let saver = env.slots.get(SAVER);
  if (saver === undefined) env.slots.set(SAVER, (saver = new MemorySaver()));
  const kept = nativeSessions(sessions, env.clock);
  const checkpointer = saver;
  const specs = env.registry.list();
  const interruptOn = interruptOnOf(specs);
  const ran = new Set<string>();
  const config = (session_id: string) => ({
    configurable: { thread_id: session_id },
    recursionLimit: env.limits.maxSteps * 2 + 1,
  });

  /** Reads LangChain's tool messages into the view: the answer to each call, as the model saw it. */
  const record = (s: NativeSession, messages: readonly BaseMessage[]) => {
    for (const m of messages) {
      if (!ToolMessage.isInstance(m)) continue;
      const id = m.tool_call_id;
      const ok = ran.has(id) || s.results.get(id)?.status === "ok";
      const text = typeof m.content === "string" ? m.content : JSON.stringify(m.content);
      s.results.set(id, toolMessage(m.name ?? "", text, ok ? "ok" : "error", id));
    }
  };

  const agentFor = (session_id: string, s: NativeSession) => {
    const model = new ScriptedChatModel(async (messages) => {
      record(s, messages);
      const raw = await env.planner.respond(viewOf(session_id, s));
      const planned = plannedCalls(raw);
      const fresh = (n: number) => env.ids.nonce(`${session_id}/calls`, n);
      const calls = planned.calls.map((c) => ({ id: mintCallId(s.minted, fresh, c.plannerId), ...c }));
      s.turns.push({ raw, calls: calls.map((c) => ({ callId: c.id, tool: c.name, args: argsOf(c.args) })) });
      s.updated_at = env.clock.now();
      return aiMessage(planned.text, calls);
    });
    return createAgent({
      model,
      tools: specs.map((spec) => nativeTool(spec, ran)),
      // The library's types fail under exactOptionalPropertyTypes (zod v3 .describe): the values are as the docs write them.
      middleware: [humanInTheLoopMiddleware({ interruptOn } as never), toolGuard(specs)] as never,
      checkpointer,
    });
  };

  const drive = (session_id: string, s: NativeSession, input: unknown, at = config(session_id)) =>
    kept.run(
      session_id,
      s,
      async () => {
        const result = (await agentFor(session_id, s).invoke(input as never, at as never)) as Interrupted & {
          messages?: BaseMessage[];
        };
        record(s, result.messages ?? []);
        const requests = result.__interrupt__?.[0]?.value?.actionRequests ?? [];
        if (requests.length === 0) {
          const last = result.messages?.at(-1);
          return { final: typeof last?.content === "string" ? last.content : "" };
        }
        // The action requests carry no id: they are the last turn's calls that interruptOn names, in order.
        const asked = (s.turns.at(-1)?.calls ?? []).filter((c) => c.tool in interruptOn);
        const state = await checkpointer.getTuple(config(session_id));
        return {
          waiting: asked.slice(0, requests.length),
          resume: state?.config.configurable?.["checkpoint_id"] ?? null,
        };
      },
      LIMITS,
    );

  return engineOf({
    id: "langchain_agent_native",
    ...nativeAnswers(kept, "LangChain's createAgent"),
    async start(session_id, goal) {
      return drive(session_id, kept.open(session_id, goal), { messages: [new HumanMessage(goal)] });
    },
    async submitApproval(session_id, input) {
      const decision = decisionOf(input);
      const s = kept.get(session_id);
      const shown = shownInterruption(s);
      if (s.phase !== "waiting" || shown === undefined)
        throw new EngineUsageError("approval_not_pending", `no interruption is waiting; the run is ${s.phase}`);
      // LangChain has no token: the person's answer decides the action they were shown, by its tool call id.
      s.decided.set(shown.callId, decision);
      s.updated_at = env.clock.now();
      if (s.waiting.some((w) => !s.decided.has(w.callId))) return viewOf(session_id, s);
      const decisions = s.waiting.map((w) => ({ type: s.decided.get(w.callId) ?? "reject" }));
      const at = s.resume === null ? config(session_id) : withCheckpoint(config(session_id), s.resume);
      return drive(session_id, s, new Command({ resume: { decisions } }), at);
    },
    async resume(session_id) {
      const s = kept.get(session_id);
      if (s.phase !== "running") return viewOf(session_id, s);
      // LangGraph's durable execution: invoke with no input continues from the thread's last checkpoint.
      const saved = await checkpointer.getTuple(config(session_id));
      if (saved === undefined) return drive(session_id, s, { messages: [new HumanMessage(s.goal)] });
      return drive(session_id, s, null);
    },
    // LangGraph keeps every checkpoint of the thread: a restored copy resumes from the interrupt's.
    rewindToApproval: async (session_id) => kept.rewind(session_id, "interruption"),
  });
}

const withCheckpoint = (c: { configurable: { thread_id: string }; recursionLimit: number }, checkpoint_id: string) => ({
  ...c,
  configurable: { ...c.configurable, checkpoint_id },
});

const argsOf = (args: unknown): Readonly<Record<string, unknown>> =>
  typeof args === "object" && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};

export const langchainNativeFactory: EngineFactory<"langchain_agent_native"> = {
  id: "langchain_agent_native",
  version: LANGCHAIN_VERSION,
  shape: async () => null,
  create: (env) => createLangChainNativeEngine(env),
};
