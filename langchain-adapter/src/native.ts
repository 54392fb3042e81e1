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
import { parseApprovalInput } from "../../contract/index.js";
import {
  defineSlot,
  engineOf,
  EngineUsageError,
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

type Interrupted = { __interrupt__?: { value?: { actionRequests?: { name: string; args: unknown }[] } }[] };

export function createLangChainNativeEngine(env: EngineContext): Engine<"langchain_agent_native"> {
  let sessions = env.slots.get(SESSIONS);
  if (sessions === undefined) env.slots.set(SESSIONS, (sessions = new Map()));
  let saver = env.slots.get(SAVER);
  if (saver === undefined) env.slots.set(SAVER, (saver = new MemorySaver()));
  const kept = sessions;
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

  const drive = async (session_id: string, s: NativeSession, input: unknown, at = config(session_id)) => {
    s.phase = "running";
    try {
      const result = (await agentFor(session_id, s).invoke(input as never, at as never)) as Interrupted & {
        messages?: BaseMessage[];
      };
      record(s, result.messages ?? []);
      const requests = result.__interrupt__?.[0]?.value?.actionRequests ?? [];
      // The action requests carry no id: they are the last turn's calls that interruptOn names, in order.
      const asked = (s.turns.at(-1)?.calls ?? []).filter((c) => c.tool in interruptOn);
      s.decided = new Map();
      s.waiting = asked.slice(0, requests.length);
      if (requests.length > 0) {
        s.phase = "waiting";
        const state = await checkpointer.getTuple(config(session_id));
        s.resume = state?.config.configurable?.["checkpoint_id"] ?? null;
        s.interruption = {
          turns: [...s.turns],
          results: new Map(s.results),
          waiting: s.waiting,
          resume: s.resume ?? "",
        };
      } else {
        s.phase = "done";
        const last = result.messages?.at(-1);
        s.final = typeof last?.content === "string" ? last.content : "";
      }
    } catch (error) {
      if (error instanceof Error && error.name === "GraphRecursionError") s.phase = "step_limit";
      else throw firstOf(error);
    }
    s.updated_at = env.clock.now();
    return viewOf(session_id, s);
  };
  const session = (session_id: string): NativeSession => {
    const s = kept.get(session_id);
    if (s === undefined) throw new EngineUsageError("unknown_session", `no run for session ${session_id}`);
    return s;
  };

  return engineOf({
    id: "langchain_agent_native",
    async start(session_id, goal) {
      if (kept.has(session_id)) throw new EngineUsageError("session_exists", `session ${session_id} already ran`);
      const at = env.clock.now();
      const s: NativeSession = {
        ...{ goal, started_at: at, updated_at: at, turns: [], results: new Map(), phase: "running", final: "" },
        ...{ waiting: [], decided: new Map(), minted: [], resume: null, interruption: null },
      };
      kept.set(session_id, s);
      return drive(session_id, s, { messages: [new HumanMessage(goal)] });
    },
    async submitApproval(session_id, input) {
      const parsed = parseApprovalInput(input);
      if (!parsed.ok) throw new EngineUsageError("approval_malformed", parsed.error.message);
      const s = session(session_id);
      const shown = shownInterruption(s);
      if (s.phase !== "waiting" || shown === undefined)
        throw new EngineUsageError("approval_not_pending", `no interruption is waiting; the run is ${s.phase}`);
      // LangChain has no token: the person's answer decides the action they were shown, by its tool call id.
      s.decided.set(shown.callId, parsed.value.kind === "decline" ? "reject" : "approve");
      s.updated_at = env.clock.now();
      if (s.waiting.some((w) => !s.decided.has(w.callId))) return viewOf(session_id, s);
      const decisions = s.waiting.map((w) => ({ type: s.decided.get(w.callId) ?? "reject" }));
      const at = s.resume === null ? config(session_id) : withCheckpoint(config(session_id), s.resume);
      return drive(session_id, s, new Command({ resume: { decisions } }), at);
    },
    async resume(session_id) {
      const s = session(session_id);
      if (s.phase !== "running") return viewOf(session_id, s);
      // LangGraph's durable execution: invoke with no input continues from the thread's last checkpoint.
      const saved = await checkpointer.getTuple(config(session_id));
      if (saved === undefined) return drive(session_id, s, { messages: [new HumanMessage(s.goal)] });
      return drive(session_id, s, null);
    },
    async reconcileUncertain() {
      throw new EngineUsageError("not_reconcilable", "LangChain's createAgent has no uncertain outcome to reconcile");
    },
    state: async (session_id) => {
      const s = kept.get(session_id);
      return s === undefined ? undefined : viewOf(session_id, s);
    },
    trace: async () => [],
    graphSteps: async () => null,
    async rewindToApproval(session_id) {
      // LangGraph keeps every checkpoint of the thread: a restored copy resumes from the interrupt's.
      const s = session(session_id);
      const at = s.interruption;
      if (at === null || s.phase === "waiting")
        throw new EngineUsageError("nothing_to_rewind", "no earlier interruption");
      Object.assign(s, {
        ...{ turns: [...at.turns], results: new Map(at.results), waiting: at.waiting },
        ...{ decided: new Map(), resume: at.resume === "" ? null : at.resume, phase: "waiting" },
      });
      return viewOf(session_id, s);
    },
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
