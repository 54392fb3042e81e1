/**
 * `tools/call` on the one registry and policy. The order is the local engine's: schema first
 * (the contract's `validatePlannerOutput`), then policy (`decidePolicy`), then the approval gate,
 * then the ledger (`beginCall`), and only then the contract's `executeIntent`, the one place a
 * tool runs. This module holds no executor: it never touches a spec's `execute`.
 */
import {
  beginCall,
  decidePolicy,
  deriveIdempotencyKey,
  executeIntent,
  factForBegin,
  factForOutcome,
  HarnessError,
  replayContent,
  validatePlannerOutput,
  type AgentLimits,
  type ExecutionDeps,
  type IdSource,
  type InputLimits,
  type Intent,
  type ValidatedCall,
} from "../handwritten/contract/index.js";
import type { CallAnswer } from "./answers.js";
import { checkApproval, pendingFor } from "./approval-gate.js";
import { auditEvent, type AuditSink, type FactSubject, type McpFact } from "./audit.js";
import { spendApproval, type McpSession, type SessionStore } from "./sessions.js";

export type CallToolDeps = ExecutionDeps & {
  readonly ids: IdSource;
  /** The server-held approval secret. */
  readonly secret: string;
  readonly sessions: SessionStore;
  readonly audit: AuditSink;
  readonly limits: AgentLimits;
  readonly inputLimits: InputLimits;
};

export type ToolCallRequest = {
  readonly session_id: string;
  readonly name: string;
  /** The arguments exactly as they arrived (the frame guard keeps keys a JSON-RPC parser drops). */
  readonly arguments: unknown;
  readonly approval: string | null;
  readonly idempotency_key: unknown;
};

export type CallDecision =
  | { readonly kind: "unknown_tool"; readonly message: string }
  | { readonly kind: "answered"; readonly answer: CallAnswer };

export async function callTool(deps: CallToolDeps, request: ToolCallRequest): Promise<CallDecision> {
  const { registry, sessions, clock } = deps;
  const { session_id, name } = request;
  if (registry.get(name) === undefined) return { kind: "unknown_tool", message: `Unknown tool: ${name}` };
  const { step } = sessions.update(session_id, (s) => ({ ...s, step: s.step + 1 }));
  const record = (
    fact: McpFact,
    subject: FactSubject,
    change: (s: McpSession) => McpSession = (s) => s,
  ): McpSession => {
    const next = sessions.update(session_id, (s) => change({ ...s, seq: s.seq + 1 }));
    deps.audit.append(auditEvent(next, fact, subject, clock.now(), deps.ids));
    return next;
  };
  const answered = (answer: CallAnswer): CallDecision => ({ kind: "answered", answer });
  const head = { session_id, tool: name };

  const parsed = validatePlannerOutput(registry, envelopeOf(request), deps.inputLimits);
  if (!parsed.ok) {
    record({ type: "call_rejected", rejection: parsed.error }, { tool: name });
    const { code, message, issues } = parsed.error;
    return answered({ ...head, status: "rejected", code, message, issues });
  }
  if (parsed.value.kind !== "tool_call")
    throw new HarnessError("invalid_transition", "a tool_call envelope parsed as a final answer");
  const call: ValidatedCall = parsed.value.call;
  let key = call.requested_key ?? deriveIdempotencyKey(session_id, step, call.tool, call.args_digest);
  const subject = (): FactSubject => ({
    tool: call.tool,
    args: call.args,
    args_digest: call.args_digest,
    idempotency_key: key,
  });
  record({ type: "call_validated", call }, subject());

  const policy = decidePolicy(call.risk);
  if (policy.kind === "deny") {
    record({ type: "policy_denied", reason: policy.reason }, subject());
    return answered({ ...head, status: "denied", code: policy.reason, message: `${call.tool} is never executed` });
  }
  if (policy.kind === "allow") {
    record({ type: "policy_allowed" }, subject());
  } else if (request.approval === null) {
    const pending = pendingFor(call, key, deps.ids.nonce(session_id, sessions.get(session_id).seq + 1), clock.now());
    record({ type: "approval_requested" }, subject(), (s) => ({ ...s, pending }));
    return answered({ ...head, status: "approval_required", code: "approval_required", pending });
  } else {
    const gate = checkApproval(request.approval, call, sessions.get(session_id), deps.secret, clock.now());
    if (!gate.ok) {
      const after = record({ type: "approval_refused", failure: gate.error }, subject());
      return answered({
        ...head,
        status: "approval_refused",
        code: gate.error.code,
        message: gate.error.message,
        pending: after.pending,
      });
    }
    // The approved call runs under the key its pending call was given.
    key = gate.value.idempotency_key;
    record({ type: "approval_accepted" }, subject(), (s) => spendApproval(s, gate.value.nonce));
  }

  const begun = factForBegin(beginCall(deps, session_id, step, { ...call, idempotency_key: key }), replayContent(deps));
  const keyed = { ...head, idempotency_key: key };
  switch (begun.type) {
    case "intent_recorded":
      record(begun, subject());
      break;
    case "call_replayed":
      record(begun, subject());
      return answered({ ...keyed, status: "replayed", output: begun.content });
    case "call_conflicted":
      record(begun, subject());
      return answered({
        ...keyed,
        status: "conflict",
        code: begun.reason,
        message: "the idempotency key cannot run this call",
      });
    case "tool_uncertain":
      record(begun, subject());
      return answered({ ...keyed, status: "uncertain", code: begun.reason, message: begun.message });
    default:
      throw new HarnessError("invalid_transition", `the ledger answered with fact ${(begun as { type: string }).type}`);
  }
  return execute(
    deps,
    {
      key,
      tool: call.tool,
      risk: call.risk,
      args: call.args,
      args_digest: call.args_digest,
      step,
      attempt: 0,
      retry_at: null,
    },
    (fact) => record(fact, subject()),
    keyed,
  );
}

/** Runs the intent; a transient failure before dispatch retries under the same key, as the contract bounds it. */
async function execute(
  deps: CallToolDeps,
  first: Intent,
  record: (fact: McpFact) => void,
  keyed: { readonly session_id: string; readonly tool: string; readonly idempotency_key: string },
): Promise<CallDecision> {
  const answered = (answer: CallAnswer): CallDecision => ({ kind: "answered", answer });
  for (let intent = first; ;) {
    const outcome = await executeIntent(deps, intent, intent.attempt >= deps.limits.maxRetries);
    const fact = factForOutcome(outcome, intent, deps.limits, deps.clock.now());
    switch (fact.type) {
      case "retry_scheduled":
        record(fact);
        intent = { ...intent, attempt: intent.attempt + 1, retry_at: fact.retry_at };
        continue;
      case "tool_succeeded":
        record(fact);
        return answered({ ...keyed, status: "ok", output: fact.content });
      case "tool_errored":
        record(fact);
        return answered({ ...keyed, status: "error", code: "tool_error", message: fact.message });
      case "retries_exhausted":
        record(fact);
        return answered({ ...keyed, status: "failed", code: "retries_exhausted", message: fact.message });
      case "tool_uncertain":
        record(fact);
        return answered({ ...keyed, status: "uncertain", code: fact.reason, message: fact.message });
      default:
        throw new HarnessError(
          "invalid_transition",
          `an execution outcome became fact ${(fact as { type: string }).type}`,
        );
    }
  }
}

/** The request as planner output, so the contract's own validator decides it byte for byte as locally. */
export function envelopeOf(request: Pick<ToolCallRequest, "name" | "arguments" | "idempotency_key">): string {
  return JSON.stringify({
    type: "tool_call",
    tool: request.name,
    arguments: request.arguments,
    ...(request.idempotency_key === undefined ? {} : { idempotency_key: request.idempotency_key }),
  });
}
