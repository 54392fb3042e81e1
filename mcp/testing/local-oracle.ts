/**
 * TEST SUPPORT. What the local engine decides for a call, from the contract's own decision
 * functions (`validatePlannerOutput`, `decidePolicy`, `approve`, `decideBegin`) over a
 * model of each session (its pending call and spent nonces) and of the ledger. It imports
 * nothing from the MCP server, so a test that compares the two compares independent answers.
 * The model follows the server's documented session rules: a new call while one waits declines
 * the waiting one; a token on a high-risk call with nothing waiting meets a fresh pending call.
 */
import {
  assertNever,
  createManualClock,
  createMemoryArtifactStore,
  createMemoryLedger,
  decideBegin,
  decidePolicy,
  digest,
  executeIntent,
  approve,
  createMemoryNonceStore,
  hasSideEffects,
  validatePlannerOutput,
  type JsonValue,
  type LedgerStore,
  type PendingApproval,
  type StateOf,
  type ToolRegistry,
} from "../../contract/index.js";
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

/** What the local engine would hold: each session's pending call and used nonces, and a contract ledger. */
export type LocalModel = { readonly sessions: Map<string, SessionModel>; readonly ledger: LedgerStore };

export function emptyModel(): LocalModel {
  return { sessions: new Map(), ledger: createMemoryLedger() };
}

export function sessionOf(model: LocalModel, session_id: string): SessionModel {
  const found = model.sessions.get(session_id) ?? { pending: null, used: [] };
  model.sessions.set(session_id, found);
  return found;
}

/** A nonce no issued token carries: the fresh pending call a token meets when nothing waited. */
const FRESH_NONCE = "(fresh pending call)";

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
    const { tool, args_digest } = validated;
    const pending = session.pending ?? {
      tool,
      args: validated.args,
      args_digest,
      idempotency_key: key ?? "(derived)",
      nonce: FRESH_NONCE,
      requested_at: now,
    };
    const waiting = {
      status: "approval_required",
      session_id: call.session_id,
      pending_approval: pending,
      used_approvals: session.used,
    } as unknown as StateOf<"approval_required">;
    const restated = { tool, args_digest, idempotency_key: session.pending === null ? null : key };
    // A throwaway nonce store: the oracle tracks spent nonces itself, in `session.used`.
    const nonces = createMemoryNonceStore();
    const fact = approve({ nonces, secret }, waiting, { kind: "token", token: call.token, restated }, now);
    if (fact.type === "approval_refused") return answer("approval_refused", fact.failure.code);
    if (fact.type !== "approval_accepted") throw new Error(`an approval became fact ${fact.type}`);
    key = pending.idempotency_key;
    spends = pending.nonce;
  } else if (policy.kind !== "allow") assertNever(policy);
  // Read-only calls take no ledger entry; a call without a key gets a fresh derived one.
  if (!hasSideEffects(validated.risk) || key === null) return answer("ok", null, true, spends);
  const begin = decideBegin(model.ledger.get(key), {
    key,
    tool: validated.tool,
    args_digest: validated.args_digest,
    owner: "oracle",
    at: now,
  });
  switch (begin.kind) {
    case "execute":
      return answer("ok", null, true, spends);
    case "replay":
      return answer("replayed", null, false, spends, begin.output as JsonValue);
    case "mismatch":
      return answer("conflict", "key_reused_with_other_arguments", false, spends);
    case "conflict":
      return answer("conflict", "key_in_flight", false, spends);
    case "uncertain":
      return answer("uncertain", "ledger_uncertain", false, spends);
    default:
      return assertNever(begin);
  }
}

/** Moves the model on after an answer, as the server's session state would move. */
export function learn(model: LocalModel, call: LocalCall, expected: Expected, body: Record<string, unknown>): void {
  if (expected.kind !== "answer") return;
  const session = sessionOf(model, call.session_id);
  // An answer that names a pending call leaves it waiting; any other answer moved on from the waiting one.
  session.pending = (body.pending as PendingApproval | null | undefined) ?? null;
  if (expected.spends !== null) session.used.push(expected.spends);
  if (expected.status === "ok" && typeof body.idempotency_key === "string" && hasSideEffects(riskOf(call.tool))) {
    const key = body.idempotency_key;
    model.ledger.begin({ key, tool: call.tool, args_digest: digest(call.args), owner: "oracle", at: 0 });
    model.ledger.complete(key, body.output, 0);
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
