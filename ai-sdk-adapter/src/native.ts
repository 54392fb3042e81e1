/**
 * `ai_sdk_native`: the AI SDK as its docs teach (ai 7.0.185; ai-sdk.dev/docs/ai-sdk-core/tools-and-tool-calling
 * "Tool Execution Approval" and ai-sdk.dev/docs/agents/tool-approvals, shipped in node_modules/ai/docs).
 * generateText loops over a model and tools; each tool is the harness's tool with its own zod schema
 * as `inputSchema`. Approval is ai 7's `toolApproval` map (the deprecated per-tool `needsApproval` is not
 * used): the high-risk tool is `'user-approval'`; `always_deny` is `{ type: 'denied', reason }`, the docs'
 * own example of a tool that stays registered and offered but never runs ("Deleting files is disabled
 * in this workspace"), so the model is told the reason rather than meeting an unknown tool, and the
 * registry is not shrunk to pass a column. A person's answer is a tool-approval-response for one
 * request, bound to it by the SDK's own approvalId: a token names the approvalId it answers (its nonce
 * is the approvalId the view showed), a decline answers the request the view shows pending, and an
 * answer that names no open request is refused, never applied to another. Tool call ids are the
 * model's own, kept end to end; calls the planner leaves unnamed get fresh ids, as a real model mints
 * them, from the injected id source (so are the SDK's approvalIds, through its generateId hook: runs
 * stay deterministic). The app keeps the history and saves it when a generateText returns. No
 * contract code runs in the loop: no ledger, no idempotency key but the model's toolCallId, no
 * checkpoint before an effect.
 */
import {
  generateText,
  InvalidToolApprovalSignatureError,
  isStepCount,
  tool,
  type ModelMessage,
  type ToolSet,
} from "ai";
import { grantDispatch, isProcessCrash, type AgentState, type AnyToolSpec } from "../../contract/index.js";
import {
  defineSlot,
  engineOf,
  EngineUsageError,
  type Engine,
  type EngineContext,
  type EngineFactory,
} from "../../runtime/index.js";
import { toolApprovalOf } from "./approval-status.js";
import { openApprovalRequests } from "./messages.js";
import { turnModel } from "./model.js";
import { contentOf, nonceIn, withApprovalResponse } from "./native-turns.js";
import { projectNative, type NativeSession } from "./projection.js";
import { AI_SDK_VERSION } from "./versions.js";

/** Every history a session's app saved, oldest first (a client can send any of them back), and the ids minted so far. */
type Kept = { readonly saved: NativeSession[]; calls: number; approvals: number };
export const NATIVE_SESSIONS_KEY = defineSlot<Map<string, Kept>>("ai_sdk_native.sessions");

/**
 * The two ways the docs teach it: plain, and with `experimental_toolApprovalSecret` ("Signing approvals",
 * ai-sdk.dev/docs/agents/tool-approvals): the SDK HMAC-signs each approval request over approvalId,
 * toolCallId, tool name and input, and refuses a replayed approval whose signature fails. It has no
 * expiry and keeps no record of an approval used, so a genuine history resumed twice still runs twice.
 */
type Variant = { readonly id: NativeId; readonly signed: boolean };
export type NativeId = "ai_sdk_native" | "ai_sdk_signed_native";

function createNativeEngine<Id extends NativeId>(env: EngineContext, variant: Variant & { id: Id }): Engine<Id> {
  let sessions = env.slots.get(NATIVE_SESSIONS_KEY);
  if (sessions === undefined) {
    sessions = new Map();
    env.slots.set(NATIVE_SESSIONS_KEY, sessions);
  }
  const kept = sessions;
  const load = (session_id: string): Kept => {
    const found = kept.get(session_id);
    if (found === undefined) throw new EngineUsageError("unknown_session", `no history for session ${session_id}`);
    return found;
  };
  const latest = (session_id: string): NativeSession => {
    const last = load(session_id).saved.at(-1);
    if (last === undefined) throw new EngineUsageError("unknown_session", `no history for session ${session_id}`);
    return last;
  };
  const save = (session: NativeSession) => void load(session.session_id).saved.push(session);

  /** One generateText over the history, saved when it returns (a process death loses the turn). */
  const run = async (session: NativeSession): Promise<AgentState> => {
    const record = load(session.session_id);
    const controller = new AbortController();
    let crash: unknown = null;
    const model = turnModel("scripted-planner", async ({ prompt }) => {
      const shown = projectNative({ ...session, messages: session.messages });
      // The planner is shown the turn it is at: the model turns in the prompt it was sent.
      const raw = await env.planner.respond({ ...shown, step: prompt.filter((m) => m.role === "assistant").length });
      return contentOf(raw, () => `call_${env.ids.nonce(`${session.session_id}/calls`, (record.calls += 1))}`);
    });
    const native = (spec: AnyToolSpec) =>
      tool({
        description: spec.description,
        inputSchema: spec.input,
        async execute(args: unknown, { toolCallId, abortSignal }) {
          const timer = new AbortController();
          const signal = abortSignal === undefined ? timer.signal : AbortSignal.any([abortSignal, timer.signal]);
          const timeout = env.clock.sleep(spec.timeoutMs, timer.signal).then(() => {
            throw new Error(`${spec.name} timed out after ${spec.timeoutMs} ms`);
          });
          try {
            return await Promise.race([
              // Handed the tool as the SDK's user would, with no contract decision (so the verdicts measure the SDK).
              spec.execute(args as Record<string, unknown>, grantDispatch({ idempotencyKey: toolCallId, signal })),
              timeout,
            ]);
          } catch (error) {
            if (isProcessCrash(error)) {
              crash = error;
              controller.abort();
            }
            throw error;
          } finally {
            timer.abort();
          }
        },
      });
    const tools: ToolSet = Object.fromEntries(env.registry.list().map((spec) => [spec.name, native(spec)]));
    let response: readonly ModelMessage[] = [];
    let stepped = 0;
    try {
      const result = await generateText({
        model,
        tools,
        messages: [...session.messages],
        maxRetries: 0,
        abortSignal: controller.signal,
        stopWhen: isStepCount(env.limits.maxSteps),
        toolApproval: toolApprovalOf(env.registry),
        // The SDK's approvalIds from the injected id source (its generateId hook), so a run is reproducible.
        ...(variant.signed ? { experimental_toolApprovalSecret: env.secret } : {}),
        _internal: { generateId: () => env.ids.nonce(`${session.session_id}/approvals`, (record.approvals += 1)) },
      });
      response = result.responseMessages;
      stepped = result.steps.length;
      const last = result.steps.at(-1);
      const next: NativeSession = {
        ...session,
        messages: [...session.messages, ...response],
        step_limit:
          stepped >= env.limits.maxSteps && last?.finishReason === "tool-calls" && last.toolResults.length > 0,
      };
      if (crash !== null) throw crash;
      save(next);
      return projectNative(next);
    } catch (error) {
      // A history whose approval the SDK's signature check refuses is not the history it signed: nothing ran, nothing is saved.
      if (crash === null && InvalidToolApprovalSignatureError.isInstance(error))
        throw new EngineUsageError("checkpoint_tampered", error.message);
      throw crash ?? error;
    }
  };

  return engineOf({
    id: variant.id,
    async start(session_id, goal) {
      if (kept.has(session_id)) throw new EngineUsageError("session_exists", `session ${session_id} already exists`);
      const session: NativeSession = {
        session_id,
        goal,
        messages: [{ role: "user", content: goal }],
        step_limit: false,
      };
      kept.set(session_id, { saved: [session], calls: 0, approvals: 0 });
      return run(session);
    },
    async submitApproval(session_id, input) {
      // The framework's answer is approved or not: a token is not checked, only its presence counts.
      const kind = typeof input === "object" && input !== null ? (input as { kind?: unknown }).kind : undefined;
      if (kind !== "token" && kind !== "decline")
        throw new EngineUsageError("approval_malformed", "an answer is a token or a decline");
      const session = latest(session_id);
      // Bound to the SDK's approvalId: a token names it (its nonce, its signature not read); a decline answers
      // the request the view shows pending. An answer naming no open request approves nothing.
      const named =
        kind === "token"
          ? nonceIn((input as { token?: unknown }).token)
          : (projectNative(session).pending_approval?.nonce ?? null);
      const open = openApprovalRequests(session.messages).find((r) => r.approvalId === named);
      if (open === undefined)
        throw new EngineUsageError("approval_not_pending", `no open approval request ${named ?? "(none named)"}`);
      const answer = {
        type: "tool-approval-response" as const,
        approvalId: open.approvalId,
        approved: kind === "token",
      };
      const answered: NativeSession = { ...session, messages: withApprovalResponse(session.messages, answer) };
      // As the docs' chat does (lastAssistantMessageIsCompleteWithApprovalResponses): the history goes back
      // to the model once every request of the turn has its answer.
      if (openApprovalRequests(answered.messages).length > 0) {
        save(answered);
        return projectNative(answered);
      }
      return run(answered);
    },
    async resume(session_id) {
      // A restarted app sends its saved history again, unless it waits for a person or has its answer.
      const session = latest(session_id);
      const state = projectNative(session);
      return state.status === "ready" ? run(session) : state;
    },
    reconcileUncertain() {
      throw new EngineUsageError("not_reconcilable", "the AI SDK has no uncertain outcome to reconcile");
    },
    state: async (session_id) => {
      const found = kept.get(session_id)?.saved.at(-1);
      return found === undefined ? undefined : projectNative(found);
    },
    // The framework writes no audit trace of the contract's kind (its telemetry is OpenTelemetry spans).
    trace: async () => [],
    graphSteps: async () => null,
    async rewindToApproval(session_id) {
      // A client sends back an older copy of the chat: the last one saved that waited for an approval.
      const { saved } = load(session_id);
      const target = saved
        .slice(0, -1)
        .reverse()
        .find((s) => openApprovalRequests(s.messages).length > 0);
      if (target === undefined) throw new EngineUsageError("nothing_to_rewind", "no earlier approval point");
      saved.push(target);
      return projectNative(target);
    },
  });
}

export const aiSdkNativeFactory: EngineFactory<"ai_sdk_native"> = {
  id: "ai_sdk_native",
  version: AI_SDK_VERSION,
  shape: async () => null,
  create: (env) => createNativeEngine(env, { id: "ai_sdk_native", signed: false }),
};

export const aiSdkSignedNativeFactory: EngineFactory<"ai_sdk_signed_native"> = {
  id: "ai_sdk_signed_native",
  version: AI_SDK_VERSION,
  shape: async () => null,
  create: (env) => createNativeEngine(env, { id: "ai_sdk_signed_native", signed: true }),
};
