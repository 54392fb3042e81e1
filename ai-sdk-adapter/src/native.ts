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
import { tool, type Tool, type ToolApprovalResponse } from "ai";
import { grantDispatch, isProcessCrash, type AnyToolSpec } from "../../contract/index.js";
import { EngineUsageError, type EngineContext, type EngineFactory } from "../../runtime/index.js";
import { createAgentEngine, type AgentHooks, type RunContext } from "./agent-engine.js";
import { toolApprovalOf } from "./approval-status.js";
import { openApprovalRequests } from "./messages.js";
import { nonceIn } from "./native-turns.js";
import { projectNative, type NativeSession } from "./projection.js";
import { memorySessions } from "./session-store.js";
import { AI_SDK_VERSION } from "./versions.js";

/** The harness's tool as the docs' `tool()`: its own zod schema, its executor with its own timeout, the toolCallId as key. */
export function nativeTool(env: Pick<EngineContext, "clock">, spec: AnyToolSpec, run: RunContext): Tool {
  return tool({
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
        if (isProcessCrash(error)) run.halt(error);
        throw error;
      } finally {
        timer.abort();
      }
    },
  });
}

/**
 * A person's answer as the docs' app sends it, bound to the SDK's approvalId: a token names it (its
 * nonce, its signature not read); a decline answers the request the view shows pending. An answer
 * naming no open request approves nothing.
 */
export function nativeAnswer(session: NativeSession, input: unknown): ToolApprovalResponse {
  const kind = typeof input === "object" && input !== null ? (input as { kind?: unknown }).kind : undefined;
  if (kind !== "token" && kind !== "decline")
    throw new EngineUsageError("approval_malformed", "an answer is a token or a decline");
  const named =
    kind === "token"
      ? nonceIn((input as { token?: unknown }).token)
      : (projectNative(session).pending_approval?.nonce ?? null);
  const open = openApprovalRequests(session.messages).find((r) => r.approvalId === named);
  if (open === undefined)
    throw new EngineUsageError("approval_not_pending", `no open approval request ${named ?? "(none named)"}`);
  return { type: "tool-approval-response", approvalId: open.approvalId, approved: kind === "token" };
}

/**
 * The two ways the docs teach it: plain, and with `experimental_toolApprovalSecret` ("Signing approvals",
 * ai-sdk.dev/docs/agents/tool-approvals): the SDK HMAC-signs each approval request over approvalId,
 * toolCallId, tool name and input, and refuses a replayed approval whose signature fails. It has no
 * expiry and keeps no record of an approval used, so a genuine history resumed twice still runs twice.
 */
export const nativeHooks = (env: EngineContext, signed: boolean): AgentHooks => ({
  store: memorySessions(env),
  tool: (spec, run) => nativeTool(env, spec, run),
  toolApproval: toolApprovalOf(env.registry),
  ...(signed ? { approvalSecret: env.secret } : {}),
  answer: nativeAnswer,
  middleware: [],
  admit: () => undefined,
  // The docs' app sends its saved history as it is: a call cut off by a process death is the SDK's to meet.
  settle: async (session) => session,
  reconcile() {
    throw new EngineUsageError("not_reconcilable", "the AI SDK has no uncertain outcome to reconcile");
  },
  halted: () => null,
  // The framework writes no audit trace of the contract's kind (its telemetry is OpenTelemetry spans).
  trace: async () => [],
});

export const aiSdkNativeFactory: EngineFactory<"ai_sdk_native"> = {
  id: "ai_sdk_native",
  version: AI_SDK_VERSION,
  shape: async () => null,
  create: (env) => createAgentEngine(env, "ai_sdk_native", nativeHooks(env, false)),
};

export const aiSdkSignedNativeFactory: EngineFactory<"ai_sdk_signed_native"> = {
  id: "ai_sdk_signed_native",
  version: AI_SDK_VERSION,
  shape: async () => null,
  create: (env) => createAgentEngine(env, "ai_sdk_signed_native", nativeHooks(env, true)),
};
