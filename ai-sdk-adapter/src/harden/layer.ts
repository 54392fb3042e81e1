/**
 * The hardening layer for an AI SDK agent (ai 7.0.185): a team hands its own agent's configuration
 * through it and keeps `generateText`'s loop, steps and approval flow. Each piece goes in at one of the
 * SDK's own extension points: the tool's `inputSchema` and a model middleware reading the response body
 * (sdk_schema), `toolApproval` (approval_switch), the app's answer endpoint (approval_check), the tool's
 * `execute`, `onToolExecutionStart` and a model middleware (guarded_execute), a model middleware and
 * `execute` (redaction), and the app's history store (sealed_state, redaction, the contract's words of
 * each result). Docs: ai-sdk.dev/docs/ai-sdk-core/tools-and-tool-calling and
 * ai-sdk.dev/docs/ai-sdk-core/middleware (ai 7.0.185). The contract's functions decide; the layer wires them.
 */
import { tool, type ModelMessage, type Tool } from "ai";
import { z } from "zod";
import { confirmInLedger, type AnyToolSpec, type JsonValue, type ReconcileInput } from "../../../contract/index.js";
import { EngineUsageError } from "../../../runtime/index.js";
import type { AgentHooks, RunContext } from "../agent-engine.js";
import { toolApprovalOf } from "../approval-status.js";
import { approvalFlow, callSite, resultPart, toolNameOf, unansweredCalls, withToolParts } from "../messages.js";
import { nativeAnswer, nativeTool } from "../native.js";
import { callerKeyIn } from "../native-turns.js";
import type { NativeSession } from "../projection.js";
import { memorySessions } from "../session-store.js";
import { contractAnswers } from "./answers.js";
import { checkedAnswer } from "./approval-check.js";
import { plannerOutputs } from "./planner-output.js";
import { guardedExecute, intentOf, isHalt, performIntent, type GuardHooks } from "./guarded-execute.js";
import { isOn, type HardeningOptions, type LayerDeps } from "./pieces.js";
import { redactedSession, sensitiveRefusal, sensitiveTurns } from "./redaction.js";
import { admitSealed, sealedSessions } from "./sealed-state.js";
import { turnCheckpoints } from "./turn-checkpoint.js";
import { layerTrace } from "./trace.js";

/** The history with a restored approval request beside the call it asks about (in the call's own turn). */
const withRequest = (messages: readonly ModelMessage[], toolCallId: string, approvalId: string): ModelMessage[] =>
  messages.map((m) =>
    m.role === "assistant" &&
    typeof m.content !== "string" &&
    m.content.some((p) => p.type === "tool-call" && p.toolCallId === toolCallId)
      ? { ...m, content: [...m.content, { type: "tool-approval-request" as const, approvalId, toolCallId }] }
      : m,
  );

export function hardenAiSdk(deps: LayerDeps, options: HardeningOptions = {}): AgentHooks {
  const on = (piece: Parameters<typeof isOn>[1]) => isOn(options, piece);
  const trace = layerTrace(deps);
  const outputs = plannerOutputs(deps, on);
  const answers = contractAnswers(deps, outputs.rejectionOf);
  const keep = on("redaction") ? (session: NativeSession) => redactedSession(answers.worded(session)) : answers.worded;
  const store = on("sealed_state") ? sealedSessions(deps, keep) : memorySessions(deps, keep);

  const checkpoints = turnCheckpoints(store);
  const beforeEffect = checkpoints.beforeEffect;
  const approvals = toolApprovalOf(deps.registry);

  // The caller's idempotency key of each call, as the SDK's onToolExecutionStart hears it from the model.
  const callerKeys = new Map<string, string>();
  const callerKey = (toolCallId: string) => callerKeys.get(toolCallId) ?? null;
  const turns = sensitiveTurns(deps);
  const guards = (run: RunContext): GuardHooks => ({
    beforeEffect: beforeEffect(run),
    callerKey,
    word: answers.word,
    turnSize: checkpoints.turnSize,
  });

  const layered = (spec: AnyToolSpec, run: RunContext): Tool => {
    const inner = on("guarded_execute")
      ? guardedExecute(deps, trace, spec, run, guards(run))
      : nativeTool(deps, spec, run).execute;
    if (inner === undefined) throw new Error(`${spec.name} has no execute`);
    return tool({
      description: spec.description,
      // Off: the SDK checks nothing, and the executor gets whatever the model sent.
      inputSchema: on("sdk_schema") ? spec.input : z.looseObject({}),
      async execute(input: unknown, execution) {
        const { session_id } = run.session;
        const turn = on("redaction") ? turns.refusalFor(execution.toolCallId) : null;
        // The contract refuses a turn with one message: the turn's first call carries it, the others fold into it.
        if (turn !== null)
          return turn.first
            ? answers.word(session_id, execution.toolCallId, "rejected", turn.refusal)
            : answers.fold(session_id, execution.toolCallId, turn.refusal);
        const refused = on("redaction") ? sensitiveRefusal(input) : null;
        if (refused !== null) return answers.word(session_id, execution.toolCallId, "rejected", refused);
        const content = (await inner(input as never, execution as never)) as JsonValue;
        if (on("guarded_execute")) checkpoints.settled(run, execution.toolCallId, spec.name, content);
        return content;
      },
    });
  };

  /** A call the history left open follows its intent: the ledger decides (run again, recovered, uncertain). */
  const settle = async (session: NativeSession, run: RunContext): Promise<NativeSession> => {
    const parts = [];
    let messages = session.messages;
    const flow = approvalFlow(session.messages);
    for (const toolCallId of unansweredCalls(session.messages)) {
      const site = callSite(session.messages, toolCallId);
      const spec = site === null ? undefined : deps.registry.get(site.toolName);
      if (site === null || spec === undefined) continue;
      const intent = intentOf(session.session_id, spec, site.input, site.before, callerKeyIn(site.providerOptions));
      const begun = deps.ledger.get(intent.key) !== undefined;
      const named = checkpoints.turnSize(toolCallId, session.messages) > 1 ? toolCallId : null;
      // A call in the approval flow is the SDK's to run or deny from its response, unless it was cut off running.
      if (flow.has(toolCallId) && !(begun && flow.get(toolCallId) === true)) continue;
      // A call the checkpoint holds before the SDK asked about it: its request is restored, for a person to answer.
      if (!flow.has(toolCallId) && !begun && on("approval_switch") && approvals[spec.name] === "user-approval") {
        messages = withRequest(
          messages,
          toolCallId,
          deps.ids.nonce(`${session.session_id}/approvals`, store.mint(session.session_id, "approvals")),
        );
        continue;
      }
      const content = begun
        ? await performIntent(deps, trace, run, intent, toolCallId, named)
        : await guardedExecute(
            deps,
            trace,
            spec,
            run,
            guards(run),
          )(site.input, {
            toolCallId,
            messages: [...site.before],
            context: undefined,
          });
      parts.push(resultPart(toolCallId, site.toolName, content));
    }
    const { executing: _settled, ...rest } = session;
    return { ...rest, messages: withToolParts(messages, parts) };
  };

  return {
    onToolExecutionStart({ toolCallId, providerMetadata }) {
      const key = callerKeyIn(providerMetadata);
      if (key !== null) callerKeys.set(toolCallId, key);
    },
    store,
    middleware: [
      ...(on("sdk_schema") || on("redaction") ? [outputs.middleware] : []),
      ...(on("guarded_execute") ? [checkpoints.middleware] : []),
      ...(on("redaction") ? [turns.middleware] : []),
    ],
    settle: on("guarded_execute") ? settle : async (session) => session,
    tool: layered,
    toolApproval: on("approval_switch") ? toolApprovalOf(deps.registry) : undefined,
    answer: on("approval_check") ? checkedAnswer(deps, trace) : nativeAnswer,
    admit: on("sealed_state") ? admitSealed(deps) : () => undefined,
    reconcile(session: NativeSession, input: ReconcileInput): NativeSession {
      const waiting = session.waiting;
      if (waiting?.kind !== "uncertain")
        throw new EngineUsageError("not_reconcilable", "no call of this session waits for a person to settle it");
      confirmInLedger(deps, waiting.intent, input);
      trace(session.session_id, waiting.intent.step, "tool_reconciled", "running", { tool: waiting.intent.tool });
      // The answer the model gets is what the ledger now holds for the key: the person's confirmation.
      const entry = deps.ledger.get(waiting.intent.key);
      const content = (entry?.state === "completed" ? entry.output : { outcome: "confirmed" }) as JsonValue;
      const result = resultPart(waiting.toolCallId, toolNameOf(session.messages, waiting.toolCallId), content);
      const { waiting: _settled, executing: _ran, ...rest } = session;
      return { ...rest, messages: withToolParts(session.messages, [result]) };
    },
    halted: (latest, reason) =>
      !isHalt(reason)
        ? null
        : {
            ...latest,
            waiting:
              reason.kind === "uncertain"
                ? { kind: "uncertain", intent: reason.intent, toolCallId: reason.toolCallId }
                : { kind: "failed", message: reason.message },
          },
    trace: async (session_id) => deps.trace.list(session_id),
  };
}
