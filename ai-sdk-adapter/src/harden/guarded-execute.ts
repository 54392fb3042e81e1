/**
 * `guarded_execute`: the SDK tool's `execute` runs the team's executor through the contract's one
 * execution path, on the arguments the SDK validated: the ledger's entry under a deterministic key
 * (`deriveIdempotencyKey`), the intent checkpointed before the effect, the tool's timeout and retries
 * (`executeIntent`, `factForOutcome`), a replay for a completed key, and an uncertain outcome that
 * stops the SDK's loop in `reconcile_required` instead of becoming a tool error the model reads.
 */
import type { ModelMessage, ToolExecutionOptions } from "ai";
import {
  beginCall,
  conflictContent,
  deriveIdempotencyKey,
  digest,
  errorContent,
  executeIntent,
  factForOutcome,
  isProcessCrash,
  replayContent,
  type AnyToolSpec,
  type Intent,
  type JsonValue,
} from "../../../contract/index.js";
import type { RunContext } from "../agent-engine.js";
import { callSite } from "../messages.js";
import { callerKeyIn } from "../native-turns.js";
import type { Word } from "./answers.js";
import type { LayerDeps } from "./pieces.js";
import { verdictFor, type LayerTrace } from "./trace.js";

/** Why the layer stopped the SDK's loop: a call only a person can settle, or retries spent. */
export type Halt =
  | { readonly kind: "uncertain"; readonly intent: Intent; readonly toolCallId: string; readonly message: string }
  | { readonly kind: "failed"; readonly message: string };

export const isHalt = (reason: unknown): reason is Halt =>
  typeof reason === "object" && reason !== null && ["uncertain", "failed"].includes((reason as Halt).kind);

/** The intent is checkpointed here before the effect (sealed_state saves the history with it). */
export type BeforeEffect = (
  intent: Intent,
  toolCallId: string,
  messages: readonly ModelMessage[],
  requested: string | null,
) => void;

/** What guarded_execute hears from the rest of the layer: the checkpoint, the caller's key, the words, the turn's size. */
export type GuardHooks = {
  readonly beforeEffect: BeforeEffect;
  callerKey(toolCallId: string): string | null;
  readonly word: Word;
  /** How many calls the turn of this call made (a turn of several is a batch to the contract's trace). */
  turnSize(toolCallId: string, messages: readonly ModelMessage[]): number;
};

export function guardedExecute(
  deps: LayerDeps,
  trace: LayerTrace,
  spec: AnyToolSpec,
  run: RunContext,
  { beforeEffect, callerKey, word, turnSize }: GuardHooks,
) {
  const { session_id } = run.session;
  return async (input: unknown, { toolCallId, messages }: ToolExecutionOptions<unknown>): Promise<JsonValue> => {
    // A call approved in an earlier turn is in the history already: its turn is the one it was planned at.
    const site = callSite(messages, toolCallId);
    const requested = callerKey(toolCallId) ?? callerKeyIn(site?.providerOptions);
    const intent = intentOf(session_id, spec, input, site?.before ?? messages, requested);
    const { step, key, args_digest } = intent;
    const call = {
      tool: spec.name,
      risk: spec.risk,
      args: intent.args,
      args_digest,
      requested_key: requested,
      idempotency_key: key,
    };
    const begin = beginCall(deps, session_id, step, call);
    switch (begin.kind) {
      case "replay":
        trace(session_id, step, "tool_replayed", "running", { ...detailOf(intent), result_status: "replayed" });
        return word(session_id, toolCallId, "replayed", replayContent(deps)(begin.output));
      case "mismatch":
        return word(session_id, toolCallId, "conflict", conflictContent("key_reused_with_other_arguments"));
      case "conflict":
        return word(session_id, toolCallId, "conflict", conflictContent("key_in_flight"));
      case "uncertain":
        return stopRun(run, { kind: "uncertain", intent, toolCallId, message: "an earlier attempt may have run" });
      case "execute":
        break;
    }
    beforeEffect(intent, toolCallId, messages, requested);
    trace(session_id, step, "intent_recorded", "executing", detailOf(intent));
    const named = turnSize(toolCallId, messages) > 1 ? toolCallId : null;
    return performIntent(deps, trace, run, intent, toolCallId, named);
  };
}

/** The intent of a call: the caller's key, or one derived from the session, the turn it was planned at and its arguments. */
export function intentOf(
  session_id: string,
  spec: AnyToolSpec,
  input: unknown,
  before: readonly ModelMessage[],
  requested: string | null,
): Intent {
  const args = input as Readonly<Record<string, unknown>>;
  const step = before.filter((m) => m.role === "assistant").length;
  const args_digest = digest(args);
  const key = requested ?? deriveIdempotencyKey(session_id, step, spec.name, args_digest);
  return { key, tool: spec.name, risk: spec.risk, args, args_digest, step, attempt: 0, retry_at: null };
}

const detailOf = (intent: Intent) => ({
  tool: intent.tool,
  args_digest: intent.args_digest,
  args: intent.args,
  idempotency_key: intent.key,
});

/**
 * Runs an intent to its outcome through the contract's `executeIntent` (which, for an intent already in
 * the ledger after a crash, decides by the ledger: run again under the key, recover, or uncertain).
 */
export async function performIntent(
  deps: LayerDeps,
  trace: LayerTrace,
  run: RunContext,
  first: Intent,
  toolCallId: string,
  /** The call's id when its turn made several: the trace names it, as the contract's batch verdicts do. */
  named: string | null,
): Promise<JsonValue> {
  const { session_id } = run.session;
  const detail = detailOf(first);
  for (let intent = first; ;) {
    try {
      const outcome = await executeIntent(deps, intent, intent.attempt >= deps.limits.maxRetries);
      const fact = factForOutcome(outcome, intent, deps.limits, deps.clock.now());
      const verdict = verdictFor(fact, named);
      switch (fact.type) {
        case "tool_succeeded":
          trace(session_id, intent.step, "tool_succeeded", "running", { ...detail, result_status: "ok" }, verdict);
          return fact.content;
        case "tool_errored":
          return errorContent(fact.message);
        case "retry_scheduled":
          trace(session_id, intent.step, "retry_scheduled", "executing", { ...detail, reason: fact.message }, verdict);
          intent = { ...intent, attempt: intent.attempt + 1, retry_at: fact.retry_at };
          continue;
        case "retries_exhausted":
          trace(session_id, intent.step, "retries_exhausted", "failed", { ...detail, reason: fact.message }, verdict);
          return stopRun(run, { kind: "failed", message: fact.message });
        case "tool_uncertain":
          trace(
            session_id,
            intent.step,
            "tool_uncertain",
            "reconcile_required",
            { ...detail, reason: fact.reason },
            verdict,
          );
          return stopRun(run, { kind: "uncertain", intent, toolCallId, message: fact.message });
      }
    } catch (error) {
      if (isProcessCrash(error)) run.halt(error);
      throw error;
    }
  }
}

function stopRun(run: RunContext, halt: Halt): never {
  run.halt(halt);
  throw new Error(`stopped: ${halt.message}`);
}
