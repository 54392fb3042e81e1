/**
 * `tools/call` as a host of the handwritten engine's reducer: each MCP session is an `AgentState`
 * in a checkpoint store, a request is the planner's turn (`planner/responded`), a token is a
 * person's answer (`approval/submitted`), and the effects run through the engine's own
 * `performEffect`. Keys, pending approvals, retries and spent nonces are therefore decided where
 * every engine decides them (`applyFact` and the contract's decisions); this module only orders
 * the events and reads the answer off the facts.
 */
import {
  approvePending,
  assertNever,
  DEFAULT_APPROVAL_TTL_MS,
  DEFAULT_INPUT_LIMITS,
  DEFAULT_LIMITS,
  validatePlannerOutput,
  decidePolicy,
  type AgentLimits,
  type ApprovalInput,
  type CheckpointStore,
  type ExecutionDeps,
  type IdSource,
  type InputLimits,
  type NonceStore,
  type PendingApproval,
  type RestatedCall,
  type TraceEvent,
} from "../contract/index.js";
import { isStoreError } from "../durable/errors.js";
import { answerFor, busyAnswer, stoppedAnswer, storeErrorAnswer, tamperedAnswer, type CallAnswer } from "./answers.js";
import type { AuditSink } from "./audit.js";
import { CallSession } from "./call-session.js";
import { createSessionLocks } from "./session-locks.js";
import { createWrittenCheckpoints, type WrittenCheckpoints } from "./written-checkpoints.js";

/** An MCP session is open-ended (the host plans), so its bounds are wider than one agent run's. */
export const MCP_SESSION_LIMITS: AgentLimits = Object.freeze({
  ...DEFAULT_LIMITS,
  maxSteps: 10_000,
  maxRunMs: 24 * 60 * 60 * 1000,
});

/** The host holds the conversation; the session keeps only enough of it for its trace to read well. */
export const MCP_MAX_MESSAGES = 64;

export type CallToolDeps = ExecutionDeps & {
  readonly ids: IdSource;
  /** The server-held approval secret. */
  readonly secret: string;
  /** Each session's latest agent state (the same stores the engines use). */
  readonly sessions: CheckpointStore;
  /** Used approval nonces, outside the sessions' checkpoint history (beside the ledger). */
  readonly nonces: NonceStore;
  readonly audit: AuditSink;
  readonly limits: AgentLimits;
  readonly inputLimits: InputLimits;
  /** One transaction for an applied event's writes (the stores' `atomically`; `untransacted` in memory). */
  readonly atomically: <T>(body: () => T) => T;
};

/** What a person answered when the host asked them (elicitation); `none`: no valid answer (cancel, timeout, forged). */
export type PersonAnswer = { readonly kind: "approve" } | { readonly kind: "decline" } | { readonly kind: "none" };

export type ToolCallRequest = {
  readonly session_id: string;
  readonly name: string;
  /** The arguments exactly as they arrived (the frame guard keeps keys a JSON-RPC parser drops). */
  readonly arguments: unknown;
  readonly approval: string | null;
  readonly idempotency_key: unknown;
  /** The host's cancellation of this request. */
  readonly signal?: AbortSignal;
  /** Asks the person about a call that now waits for approval (elicitation), when the host can. */
  readonly ask?: (pending: PendingApproval, expires_at: number) => Promise<PersonAnswer>;
  /** Sees each trace event of this call right after the audit trail has it (log, progress and update notices). */
  readonly observe?: (event: TraceEvent) => void;
};

export type CallDecision =
  | { readonly kind: "unknown_tool"; readonly message: string }
  | { readonly kind: "answered"; readonly answer: CallAnswer };

const MCP_GOAL = "tool calls from an MCP host";

/** The one `tools/call` path; calls of one session are taken one at a time. */
export function createCallTool(deps: CallToolDeps): (request: ToolCallRequest) => Promise<CallDecision> {
  const locks = createSessionLocks();
  const written = createWrittenCheckpoints();
  return (request) => {
    if (deps.registry.get(request.name) === undefined)
      return Promise.resolve({ kind: "unknown_tool", message: `Unknown tool: ${request.name}` });
    return locks.run(request.session_id, () =>
      callInSession(deps, written, request).catch((error: unknown) => {
        // A store error is the store's answer, typed; anything else is the server's own failure.
        if (!isStoreError(error)) throw error;
        return answered(storeErrorAnswer({ session_id: request.session_id, tool: request.name }, error));
      }),
    );
  };
}

async function callInSession(
  deps: CallToolDeps,
  written: WrittenCheckpoints,
  request: ToolCallRequest,
): Promise<CallDecision> {
  const { session_id, name } = request;
  const session = new CallSession(deps, written, session_id, request.signal, request.observe);
  if (!session.opened.ok) return answered(tamperedAnswer({ session_id, tool: name }, session.opened.error.message));
  if (session.state() === null) await session.feed({ type: "run/started", session_id, goal: MCP_GOAL });
  const head = { session_id, tool: name };
  const stopped = stoppedAnswer(session.state(), head) ?? busyAnswer(session.state(), head);
  if (stopped !== null) return answered(stopped);

  const envelope = envelopeOf(request, deps.inputLimits.maxDepth);
  await session.feed({ type: "history/trim", max_messages: MCP_MAX_MESSAGES });
  if (session.status() === "approval_required") {
    const restated = restatedHighRisk(deps, envelope);
    const input = restated === null ? null : tokenInput(request.approval, restated);
    // A new call, or a token restating no high-risk call, moves on from the waiting one: it is declined.
    await session.feed({ type: "approval/submitted", input: input ?? { kind: "decline" } });
    if (input !== null) return answered(answerFor(session.facts(), session.events(), session.state(), head));
  }
  await session.feed({ type: "planner/responded", raw: envelope });
  const waiting = session.pending();
  if (waiting !== null) {
    const input = tokenInput(request.approval, {
      tool: waiting.tool,
      args_digest: waiting.args_digest,
      idempotency_key: null,
    });
    if (input !== null) await session.feed({ type: "approval/submitted", input });
    else if (request.ask !== undefined) await askPerson(deps, session, request.ask, waiting);
  }
  return answered(answerFor(session.facts(), session.events(), session.state(), head));
}

/** The request's token, bound to the call it restates; null when the request carries none. */
function tokenInput(approval: string | null, restated: RestatedCall): ApprovalInput | null {
  return approval === null ? null : { kind: "token", token: approval, restated };
}

/** Elicitation: an approval becomes a token bound exactly as an out-of-band one; no answer leaves it pending. */
async function askPerson(
  deps: CallToolDeps,
  session: CallSession,
  ask: NonNullable<ToolCallRequest["ask"]>,
  pending: PendingApproval,
): Promise<void> {
  const askedAt = deps.clock.now();
  const answer = await ask(pending, askedAt + DEFAULT_APPROVAL_TTL_MS);
  if (session.cancelled()) return;
  switch (answer.kind) {
    case "approve": {
      // The token expires when the person was told it would.
      const token = approvePending(pending, session.session_id, deps.secret, askedAt, DEFAULT_APPROVAL_TTL_MS);
      return session.feed({ type: "approval/submitted", input: { kind: "token", token } });
    }
    case "decline":
      return session.feed({ type: "approval/submitted", input: { kind: "decline" } });
    case "none":
      return;
    default:
      return assertNever(answer);
  }
}

/** The restated call of a token request, when it is a valid high-risk call; else null. */
function restatedHighRisk(deps: CallToolDeps, envelope: string): RestatedCall | null {
  const parsed = validatePlannerOutput(deps.registry, envelope, deps.inputLimits);
  if (!parsed.ok || parsed.value.kind !== "tool_call") return null;
  const { call } = parsed.value;
  if (decidePolicy(call.risk).kind !== "require_approval") return null;
  return { tool: call.tool, args_digest: call.args_digest, idempotency_key: call.requested_key };
}

function answered(answer: CallAnswer): CallDecision {
  return { kind: "answered", answer };
}

/**
 * The request as planner output, so the contract's own validator decides it byte for byte as
 * locally. Arguments too deep for `JSON.stringify` are cut below `maxDepth + 2` levels: the
 * validator meets the depth limit before the cut and answers `too_deep`, as an engine does.
 */
export function envelopeOf(
  request: Pick<ToolCallRequest, "name" | "arguments" | "idempotency_key">,
  maxDepth: number = DEFAULT_INPUT_LIMITS.maxDepth,
): string {
  try {
    return JSON.stringify(envelopeWith(request, request.arguments));
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return JSON.stringify(envelopeWith(request, cutBelow(request.arguments, maxDepth + 2)));
  }
}

function envelopeWith(request: Pick<ToolCallRequest, "name" | "idempotency_key">, args: unknown) {
  return {
    type: "tool_call",
    tool: request.name,
    arguments: args,
    ...(request.idempotency_key === undefined ? {} : { idempotency_key: request.idempotency_key }),
  };
}

function cutBelow(value: unknown, levels: number): unknown {
  if (value === null || typeof value !== "object") return value;
  if (levels === 0) return null;
  if (Array.isArray(value)) return value.map((item) => cutBelow(item, levels - 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutBelow(item, levels - 1)]));
}
