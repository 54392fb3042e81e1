/**
 * TEST SUPPORT. What the local engine decides for a call, found by running it: the handwritten
 * engine over its own fixture environment (world, ledger, nonces, checkpoints), each MCP session
 * one engine session whose planner turns are the calls. It imports nothing from the MCP server,
 * so a test that compares the two compares independent runs. Only the server's documented
 * session rules are modelled here: a new call while one waits declines the waiting one; a token
 * that restates a valid high-risk call while one waits is that call's approval; a token on a
 * high-risk call with nothing waiting meets the fresh pending call.
 */
import { unwrapEngine } from "../../runtime/index.js";
import {
  createManualClock,
  decidePolicy,
  DEFAULT_INPUT_LIMITS,
  validatePlannerOutput,
  type AgentState,
  type ApprovalInput,
  type JsonValue,
  type PendingApproval,
  lastMessage,
} from "../../contract/index.js";
import { handwrittenFactory } from "../../handwritten/engine/factory.js";
import { createEnvironment } from "../../handwritten/fixtures/environment.js";
import { toolCall } from "../../handwritten/fixtures/index.js";
import type { Engine } from "../../runtime/index.js";

export type LocalCall = {
  readonly session_id: string;
  readonly tool: string;
  readonly args: unknown;
  readonly key?: string;
  readonly token?: Token;
};

/**
 * A person's token as each side holds it. A token names one pending call's nonce, and the server
 * and the local engine each made their own, so one approval is minted once for each side.
 */
export type Token = { readonly server: string; readonly local: string };

export type Expected =
  | { readonly kind: "protocol_error"; readonly code: -32602 }
  | {
      readonly kind: "answer";
      readonly status: string;
      /** null for `ok` and `replayed`. */
      readonly code: string | null;
      /** Executor calls and side effects of the called tool in the engine's own world. */
      readonly calls: number;
      readonly effects: number;
      /** What the call returned (`ok`, `replayed`). */
      readonly output?: JsonValue;
    };

export type LocalOracle = {
  decide(call: LocalCall, now: number): Promise<Expected>;
  /** The call waiting in a session of the local engine, for minting its tokens. */
  pendingOf(session_id: string): PendingApproval | null;
};

const GOAL = "tool calls from an MCP host";
/** Thrown by the planner when the host has sent no further call: the run stops between turns, as a process does. */
const NO_NEXT_CALL = new Error("the host has sent no further call");

export function createLocalOracle(secret: string): LocalOracle {
  const queue: string[] = [];
  const planner = {
    respond: async () => {
      const next = queue.shift();
      if (next === undefined) throw NO_NEXT_CALL;
      return next;
    },
  };
  const clock = createManualClock(Date.now());
  const env = createEnvironment({ script: [], limits: { maxSteps: 10_000, maxRunMs: 24 * 60 * 60 * 1000 } });
  const engine: Engine = handwrittenFactory.create({ ...env, clock, planner, secret });
  const states = new Map<string, AgentState>();
  const run = async (session_id: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      if (error !== NO_NEXT_CALL) throw error;
    }
    const state = unwrapEngine(await engine.state(session_id));
    if (state === undefined) throw new Error(`session ${session_id} did not start`);
    states.set(session_id, state);
    return state;
  };
  const approve = (session_id: string, input: ApprovalInput) =>
    run(session_id, () => engine.submitApproval(session_id, input));

  const pendingOf = (session_id: string) => {
    const state = states.get(session_id);
    return state?.status === "approval_required" ? state.pending_approval : null;
  };

  return {
    pendingOf,
    async decide(call, now) {
      if (env.registry.get(call.tool) === undefined) return { kind: "protocol_error", code: -32602 };
      if (now > clock.now()) clock.advance(now - clock.now());
      const before = { calls: env.world.totalCalls(call.tool), effects: env.world.totalEffects(call.tool) };
      const { session_id } = call;
      const envelope = toolCall(call.tool, call.args, call.key);
      const token = call.token?.local;
      queue.length = 0;
      let state = states.get(session_id);
      const restated = token === undefined ? null : restatedHighRisk(env.registry, envelope);
      if (state?.status === "approval_required" && token !== undefined && restated !== null) {
        state = await approve(session_id, { kind: "token", token, restated });
      } else {
        queue.push(envelope);
        if (state === undefined) state = await run(session_id, () => engine.start(session_id, GOAL));
        else if (state.status === "approval_required") state = await approve(session_id, { kind: "decline" });
        else state = await run(session_id, () => engine.resume(session_id));
        if (state.status === "approval_required" && token !== undefined)
          state = await approve(session_id, { kind: "token", token });
      }
      const trace = await engine.trace(session_id);
      const counts = {
        calls: env.world.totalCalls(call.tool) - before.calls,
        effects: env.world.totalEffects(call.tool) - before.effects,
      };
      return { kind: "answer", ...outcomeOf(state, trace.at(-1)), ...counts };
    },
  };
}

/** The restated call of a token request when it is a valid high-risk call (the server's session rule), else null. */
function restatedHighRisk(registry: Parameters<typeof validatePlannerOutput>[0], envelope: string) {
  const parsed = validatePlannerOutput(registry, envelope, DEFAULT_INPUT_LIMITS);
  if (!parsed.ok || parsed.value.kind !== "tool_call") return null;
  const { call } = parsed.value;
  if (decidePolicy(call.risk).kind !== "require_approval") return null;
  return { tool: call.tool, args_digest: call.args_digest, idempotency_key: call.requested_key };
}

/** How the engine's session stands after the call, in the statuses an MCP answer names. */
function outcomeOf(
  state: AgentState,
  last: { readonly type: string; readonly reason: string | null } | undefined,
): { readonly status: string; readonly code: string | null; readonly output?: JsonValue } {
  switch (state.status) {
    case "ready": {
      const message = lastMessage(state);
      if (message?.role !== "tool") throw new Error("the engine's turn left no tool message");
      if (message.status === "ok" || message.status === "replayed")
        return { status: message.status, code: null, output: message.content };
      return { status: message.status, code: String((message.content as { code?: unknown }).code) };
    }
    case "approval_required":
      return last?.type === "approval_refused"
        ? { status: "approval_refused", code: last.reason }
        : { status: "approval_required", code: "approval_required" };
    case "reconcile_required":
      return { status: "uncertain", code: last?.reason ?? null };
    case "failed":
      return { status: "failed", code: state.failure.code };
    default:
      throw new Error(`the engine stopped in status ${state.status}`);
  }
}
