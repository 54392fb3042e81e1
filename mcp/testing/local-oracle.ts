/**
 * TEST SUPPORT. What the local engine decides for a call, computed from the contract alone
 * (`validatePlannerOutput`, `decidePolicy`, `verifyApprovalToken`, `hasSideEffects`) over the
 * FixtureModel's own planner text. It imports nothing from the MCP server, so a test that
 * compares the two compares independent answers.
 */
import {
  createManualClock,
  createMemoryArtifactStore,
  createMemoryLedger,
  decidePolicy,
  digest,
  executeIntent,
  hasSideEffects,
  verifyApprovalToken,
  validatePlannerOutput,
  type JsonValue,
  type PendingApproval,
  type ToolRegistry,
} from "../../handwritten/contract/index.js";
import { createFixtureRegistry, createFixtureWorld, toolCall } from "../../handwritten/fixtures/index.js";

export type LocalCall = {
  readonly session_id: string;
  readonly tool: string;
  readonly args: unknown;
  readonly key?: string;
  readonly token?: string;
};

export type Expected =
  | { readonly kind: "protocol_error"; readonly code: -32602 }
  | {
      readonly kind: "answer";
      readonly status: string;
      /** null for `ok` and `replayed`. */
      readonly code: string | null;
      /** Whether the executor runs (once) for this call. */
      readonly runs: boolean;
      /** The nonce of the pending call this call's token spends, if it is accepted. */
      readonly spends: string | null;
      /** The stored output a replay must return. */
      readonly output?: JsonValue;
    };

type SessionModel = { pending: PendingApproval | null; used: string[] };

/** What the local engine would hold: each session's pending call and used nonces, and the ledger's completed keys. */
export type LocalModel = {
  readonly sessions: Map<string, SessionModel>;
  readonly completed: Map<string, { readonly tool: string; readonly args_digest: string; readonly output: JsonValue }>;
};

export function emptyModel(): LocalModel {
  return { sessions: new Map(), completed: new Map() };
}

export function sessionOf(model: LocalModel, session_id: string): SessionModel {
  const found = model.sessions.get(session_id) ?? { pending: null, used: [] };
  model.sessions.set(session_id, found);
  return found;
}

export function expectLocal(
  registry: ToolRegistry,
  model: LocalModel,
  call: LocalCall,
  secret: string,
  now: number,
): Expected {
  if (registry.get(call.tool) === undefined) return { kind: "protocol_error", code: -32602 };
  const answer = (
    status: string,
    code: string | null,
    runs = false,
    spends: string | null = null,
    output?: JsonValue,
  ): Expected => ({ kind: "answer", status, code, runs, spends, ...(output === undefined ? {} : { output }) });
  const parsed = validatePlannerOutput(registry, toolCall(call.tool, call.args, call.key));
  if (!parsed.ok) return answer("rejected", parsed.error.code);
  if (parsed.value.kind !== "tool_call") throw new Error("a tool_call parsed as a final answer");
  const validated = parsed.value.call;
  let key = validated.requested_key;
  let spends: string | null = null;

  const policy = decidePolicy(validated.risk);
  if (policy.kind === "deny") return answer("denied", policy.reason);
  if (policy.kind === "require_approval") {
    if (call.token === undefined) return answer("approval_required", "approval_required");
    const session = sessionOf(model, call.session_id);
    const check = { session_id: call.session_id, now, used: session.used };
    const verdict = verifyApprovalToken(call.token, { ...check, pending: session.pending }, secret);
    if (!verdict.ok || session.pending === null)
      return answer("approval_refused", verdict.ok ? "approval_not_pending" : verdict.error.code);
    // Locally the approved call is the pending one, so the call restated in the request must be it.
    const restated = verifyApprovalToken(
      call.token,
      { ...check, pending: { ...session.pending, tool: validated.tool, args_digest: validated.args_digest } },
      secret,
    );
    if (!restated.ok) return answer("approval_refused", restated.error.code);
    if (key !== null && key !== session.pending.idempotency_key)
      return answer("approval_refused", "approval_not_pending");
    key = session.pending.idempotency_key;
    spends = session.pending.nonce;
  }
  // Read-only calls take no ledger entry; a call without a key gets a fresh derived one.
  if (!hasSideEffects(validated.risk) || key === null) return answer("ok", null, true, spends);
  const done = model.completed.get(key);
  if (done === undefined) return answer("ok", null, true, spends);
  if (done.tool !== validated.tool || done.args_digest !== validated.args_digest)
    return answer("conflict", "key_reused_with_other_arguments", false, spends);
  return answer("replayed", null, false, spends, done.output);
}

/** Moves the model on after an answer, as the local engine's state would move. */
export function learn(model: LocalModel, call: LocalCall, expected: Expected, body: Record<string, unknown>): void {
  if (expected.kind !== "answer") return;
  const session = sessionOf(model, call.session_id);
  if (expected.status === "approval_required") session.pending = body.pending as PendingApproval;
  if (expected.spends !== null) {
    session.used.push(expected.spends);
    session.pending = null;
  }
  if (expected.status === "ok" && typeof body.idempotency_key === "string" && hasSideEffects(riskOf(call.tool))) {
    model.completed.set(body.idempotency_key, {
      tool: call.tool,
      args_digest: digest(call.args),
      output: body.output as JsonValue,
    });
  }
}

/** The output a local run of a read-only or idempotent tool gives, on a fresh fixture world. */
export async function localOutput(tool: string, args: Record<string, unknown>, key: string): Promise<JsonValue> {
  const world = createFixtureWorld();
  const registry = createFixtureRegistry(world);
  const spec = registry.get(tool);
  if (spec === undefined) throw new Error(`no tool ${tool}`);
  const deps = {
    registry,
    ledger: createMemoryLedger(),
    artifacts: createMemoryArtifactStore(),
    clock: createManualClock(),
  };
  const intent = { key, tool, risk: spec.risk, args, args_digest: digest(args), step: 1, attempt: 0, retry_at: null };
  const outcome = await executeIntent(deps, intent, true);
  if (outcome.kind !== "succeeded") throw new Error(`local run of ${tool} ended ${outcome.kind}`);
  return outcome.content;
}

const RISKS = new Map(
  createFixtureRegistry(createFixtureWorld())
    .list()
    .map((spec) => [spec.name, spec.risk]),
);
function riskOf(tool: string) {
  const risk = RISKS.get(tool);
  if (risk === undefined) throw new Error(`no tool ${tool}`);
  return risk;
}
