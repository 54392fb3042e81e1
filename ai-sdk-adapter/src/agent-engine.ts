/**
 * An AI SDK agent as the docs build one (ai 7.0.185; ai-sdk.dev/docs/ai-sdk-core/tools-and-tool-calling):
 * generateText with tools, a `toolApproval` switch and a message history the app keeps, behind the
 * scenario engine interface. What a team configures comes in as hooks: the native engines pass the
 * docs' plain configuration, the hardening layer (src/harden/) passes its pieces. The SDK's loop
 * decides every step either way; an engine here only starts it, hands it answers and saves what it returns.
 */
import {
  generateText,
  wrapLanguageModel,
  InvalidToolApprovalSignatureError,
  isStepCount,
  type Tool,
  type LanguageModelMiddleware,
  type ToolApprovalConfiguration,
  type ToolApprovalResponse,
  type ToolSet,
} from "ai";
import {
  isProcessCrash,
  type AgentState,
  type AnyToolSpec,
  type ReconcileInput,
  type TraceEvent,
} from "../../contract/index.js";
import { engineOf, EngineUsageError, type Engine, type EngineContext } from "../../runtime/index.js";
import { openApprovalRequests } from "./messages.js";
import { turnModel } from "./model.js";
import { contentOf, withApprovalResponse } from "./native-turns.js";
import { projectNative, type NativeSession } from "./projection.js";
import type { SessionStore } from "./session-store.js";

/** One generateText over a session: its tools may stop the SDK's loop (a process death, an outcome only a person settles). */
export type RunContext = {
  readonly session: NativeSession;
  halt(reason: unknown): void;
};

export type AgentHooks = {
  readonly store: SessionStore;
  tool(spec: AnyToolSpec, run: RunContext): Tool;
  readonly toolApproval: ToolApprovalConfiguration<ToolSet, unknown> | undefined;
  readonly approvalSecret?: string;
  /** Middleware around the model (the SDK's wrapLanguageModel): it sees each turn the model answers. */
  readonly middleware: readonly LanguageModelMiddleware[];
  /** A person's answer as the SDK's response to one open request (null: refused, the history unchanged). */
  answer(session: NativeSession, input: unknown): ToolApprovalResponse | null;
  /** Checks a history before the SDK's loop acts on it (throws EngineUsageError to refuse it). */
  admit(session: NativeSession): void;
  /** Hears each tool call before the SDK executes it (the SDK's onToolExecutionStart), with the model's metadata. */
  onToolExecutionStart?(toolCall: { readonly toolCallId: string; readonly providerMetadata?: unknown }): void;
  /** Answers the calls a history left open (a process died mid-call) before the SDK's loop sees it. */
  settle(session: NativeSession, run: RunContext): Promise<NativeSession>;
  /** The session after a person confirmed its uncertain call; the native SDK has nothing to reconcile. */
  reconcile(session: NativeSession, input: ReconcileInput): NativeSession;
  /** The session a halted run leaves (an uncertain call waits for a person), or null when it was a process death. */
  halted(session: NativeSession, reason: unknown): NativeSession | null;
  trace(session_id: string): Promise<readonly TraceEvent[]>;
};

export function createAgentEngine<Id extends string>(env: EngineContext, id: Id, hooks: AgentHooks): Engine<Id> {
  const { store } = hooks;

  /** One generateText over the history, saved when it returns (a process death loses the turn). */
  const run = async (opened: NativeSession): Promise<AgentState> => {
    const { session_id } = opened;
    hooks.admit(opened);
    const controller = new AbortController();
    let stop: { readonly reason: unknown } | null = null;
    const context: RunContext = {
      session: opened,
      halt(reason) {
        stop ??= { reason };
        controller.abort();
      },
    };
    let session = opened;
    const model = turnModel("scripted-planner", async ({ prompt }) => {
      // The planner is shown the turn it is at: the model turns in the prompt it was sent.
      const raw = await env.planner.respond({
        ...projectNative(session),
        step: prompt.filter((m) => m.role === "assistant").length,
      });
      const mint = () => `call_${env.ids.nonce(`${session_id}/calls`, store.mint(session_id, "calls"))}`;
      return { content: contentOf(raw, mint), raw };
    });
    const tools: ToolSet = Object.fromEntries(
      env.registry.list().map((spec) => [spec.name, hooks.tool(spec, context)]),
    );
    try {
      session = await hooks.settle(opened, context);
      // Settling may leave a call waiting for a person (its request restored): the SDK's loop waits too.
      if (stop === null && openApprovalRequests(session.messages).length > 0) {
        store.save(session);
        return projectNative(session);
      }
      const result = await generateText({
        model: hooks.middleware.length === 0 ? model : wrapLanguageModel({ model, middleware: [...hooks.middleware] }),
        tools,
        messages: [...session.messages],
        maxRetries: 0,
        abortSignal: controller.signal,
        stopWhen: isStepCount(env.limits.maxSteps),
        ...(hooks.toolApproval === undefined ? {} : { toolApproval: hooks.toolApproval }),
        ...(hooks.approvalSecret === undefined ? {} : { experimental_toolApprovalSecret: hooks.approvalSecret }),
        onToolExecutionStart: ({ toolCall }) => hooks.onToolExecutionStart?.(toolCall),
        // The SDK's approvalIds from the injected id source (its generateId hook), so a run is reproducible.
        _internal: { generateId: () => env.ids.nonce(`${session_id}/approvals`, store.mint(session_id, "approvals")) },
      });
      const last = result.steps.at(-1);
      const next: NativeSession = {
        ...session,
        messages: [...session.messages, ...result.responseMessages],
        step_limit:
          result.steps.length >= env.limits.maxSteps &&
          last?.finishReason === "tool-calls" &&
          last.toolResults.length > 0,
      };
      if (stop === null) {
        store.save(next);
        return projectNative(next);
      }
    } catch (error) {
      // A history whose approval the SDK's signature check refuses is not the history it signed: nothing ran, nothing is saved.
      if (stop === null && InvalidToolApprovalSignatureError.isInstance(error))
        throw new EngineUsageError("checkpoint_tampered", error.message);
      if (stop === null) throw error;
    }
    const { reason } = stop as { readonly reason: unknown };
    const waiting = isProcessCrash(reason) ? null : hooks.halted(store.latest(session_id), reason);
    if (waiting === null) throw reason;
    store.save(waiting);
    return projectNative(waiting);
  };

  return engineOf({
    id,
    async start(session_id, goal) {
      if (store.has(session_id)) throw new EngineUsageError("session_exists", `session ${session_id} already exists`);
      const session: NativeSession = {
        session_id,
        goal,
        messages: [{ role: "user", content: goal }],
        step_limit: false,
      };
      store.create(session);
      return run(session);
    },
    async submitApproval(session_id, input) {
      const session = store.latest(session_id);
      const answer = hooks.answer(session, input);
      if (answer === null) return projectNative(session);
      const answered: NativeSession = { ...session, messages: withApprovalResponse(session.messages, answer) };
      // As the docs' chat does (lastAssistantMessageIsCompleteWithApprovalResponses): the history goes back
      // to the model once every request of the turn has its answer.
      if (openApprovalRequests(answered.messages).length > 0) {
        store.save(answered);
        return projectNative(answered);
      }
      return run(answered);
    },
    async resume(session_id) {
      // A restarted app sends its saved history again, unless it waits for a person or has its answer.
      const session = store.latest(session_id);
      const state = projectNative(session);
      // A history saved before an effect (executing) goes on from there: the hooks settle its open call.
      return state.status === "ready" || state.status === "executing" ? run(session) : state;
    },
    async reconcileUncertain(session_id, input) {
      return run(hooks.reconcile(store.latest(session_id), input));
    },
    state: async (session_id) => (store.has(session_id) ? projectNative(store.latest(session_id)) : undefined),
    trace: async (session_id) => [...(await hooks.trace(session_id))],
    graphSteps: async () => null,
    async rewindToApproval(session_id) {
      // A client sends back an older copy of the chat: the last one saved that waited for an approval.
      const target = store
        .saved(session_id)
        .slice(0, -1)
        .reverse()
        .find((s) => openApprovalRequests(s.messages).length > 0);
      if (target === undefined) throw new EngineUsageError("nothing_to_rewind", "no earlier approval point");
      store.save(target);
      return projectNative(target);
    },
  });
}
